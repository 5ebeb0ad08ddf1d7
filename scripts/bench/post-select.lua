-- POST scenario: cycles through the ten bodies {"id":0} ... {"id":9}; each selects a different
-- fixture entry (mockserver) or stub (WireMock). The requests are formatted once per thread in
-- init() so the load generator does no string work per request.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

local prepared = {}
local position = 0

function init(args)
  for id = 0, 9 do
    prepared[#prepared + 1] = wrk.format(
      "POST", wrk.path, { ["Content-Type"] = "application/json" }, string.format('{"id":%d}', id))
  end
end

function request()
  position = position % #prepared + 1
  return prepared[position]
end
