-- Drives `board lsp` from a real Neovim (0.7 or later), headless: see nvim-e2e.sh.
local board, file, log = os.getenv("BOARD_BIN"), os.getenv("BOARD_FILE"), os.getenv("BOARD_LOG")

local function fail(message)
  io.stderr:write("nvim e2e: FAILED: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function codes()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(found, string.format("%d:%d-%d:%d %s", d.lnum, d.col, d.end_lnum, d.end_col, d.code or "?"))
  end
  table.sort(found)
  return table.concat(found, ", ")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local client_id = vim.lsp.start_client({ name = "board", cmd = { board, "lsp", "--log", log }, root_dir = vim.fn.fnamemodify(file, ":h") })
if not client_id then return fail("the client did not start") end
vim.lsp.buf_attach_client(0, client_id)

-- 1. The diagnostics of the broken board arrive, each on its token (columns as Neovim counts them, in bytes).
local expected = "1:11-1:25 impossible-date, 2:2-2:5 checked-outside-done, 3:36-3:49 impossible-date, 3:36-3:49 second-due-date"
if not vim.wait(10000, function() return codes() == expected end, 20) then
  return fail("diagnostics: expected '" .. expected .. "', got '" .. codes() .. "'")
end
io.stdout:write("nvim e2e: diagnostics " .. codes() .. "\n")

-- 2. An edit after Korean and emoji text goes to the server as an incremental change at UTF-16 positions:
-- fixing the date on line 4 clears its impossible-date diagnostic.
local line4 = vim.api.nvim_buf_get_lines(0, 3, 4, true)[1]
local at = line4:find("2026%-13%-01")
if not at then return fail("line 4 is not as expected: " .. line4) end
vim.api.nvim_buf_set_text(0, 3, at + 4, 3, at + 6, { "12" })
expected = "1:11-1:25 impossible-date, 2:2-2:5 checked-outside-done, 3:36-3:49 second-due-date"
if not vim.wait(10000, function() return codes() == expected end, 20) then
  return fail("after the edit: expected '" .. expected .. "', got '" .. codes() .. "'")
end
io.stdout:write("nvim e2e: after an incremental edit " .. codes() .. "\n")

-- 3. Hover on the ticked item.
vim.api.nvim_win_set_cursor(0, { 3, 8 })
local hover = vim.lsp.buf_request_sync(0, "textDocument/hover", vim.lsp.util.make_position_params(), 5000)
local value = hover and hover[client_id] and hover[client_id].result and hover[client_id].result.contents.value
if not (value and value:find("TODO", 1, true)) then return fail("hover: " .. vim.inspect(hover)) end
io.stdout:write("nvim e2e: hover " .. value .. "\n")

-- 4. The quick fix for the ticked item, applied and saved.
local params = vim.lsp.util.make_range_params()
params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, 2), only = { "quickfix" } }
local replies = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 5000)
local actions = replies and replies[client_id] and replies[client_id].result or {}
local chosen
for _, action in ipairs(actions) do
  if action.title:find("Move to DONE", 1, true) then chosen = action end
end
if not chosen then return fail("no 'Move to DONE' action among " .. vim.inspect(actions)) end
vim.lsp.util.apply_workspace_edit(chosen.edit, vim.lsp.get_client_by_id(client_id).offset_encoding)
vim.cmd("silent write")
if not vim.wait(10000, function() return codes() == "1:11-1:25 impossible-date, 2:36-2:49 second-due-date" end, 20) then
  return fail("after the fix: got '" .. codes() .. "'")
end
io.stdout:write("nvim e2e: applied '" .. chosen.title .. "', diagnostics now " .. codes() .. "\n")

-- 5. The server shuts down when the client stops it.
vim.lsp.stop_client(client_id)
if not vim.wait(10000, function() return vim.lsp.client_is_stopped(client_id) end, 20) then
  return fail("the server did not stop")
end
vim.cmd("qall!")
