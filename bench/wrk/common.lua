-- Shared part of every scenario script (bench/wrk.ts puts the scenario's own part before it).
-- The scenario defines body(n) -> JSON text of the n-th request (n = 0, 1, ... per thread,
-- interleaved across threads so every request of a run has its own n), and may define headers(n).
-- A scenario of GETs defines path(n) instead of body(n): the n-th request is GET path(n).
-- Counts the requests sent (`sent`: the bodies made, those still in flight at the end included) and
-- answers by status: 2xx, 409 (CONFLICT / INVALID_STATE: expected in the contended
-- scenarios) and anything else; done() prints one line `BENCHJSON {...}` for bench/run.ts.

wrk.method = "POST"
wrk.path = "/api"
wrk.headers["Content-Type"] = "application/json"
if TOKEN and TOKEN ~= "" then
  wrk.headers["Authorization"] = "Bearer " .. TOKEN
end

local threads = {}
local thread_count = tonumber(os.getenv("BENCH_THREADS") or "1")

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

c_sent = 0
c_ok = 0
c_conflict = 0
c_other = 0
c_codes = ""
sample = ""
local n = nil

function request()
  if n == nil then n = tid or 0 end
  local all = nil
  if headers then
    -- wrk.format takes these instead of wrk.headers, not besides them
    all = {}
    for k, v in pairs(wrk.headers) do all[k] = v end
    for k, v in pairs(headers(n)) do all[k] = v end
  end
  local this = n
  n = n + thread_count
  c_sent = c_sent + 1
  if path then
    return wrk.format("GET", path(this), all, nil)
  end
  return wrk.format(nil, nil, all, body(this))
end

function response(status, headers, text)
  if status >= 200 and status < 300 then
    c_ok = c_ok + 1
  elseif status == 409 then
    c_conflict = c_conflict + 1
    -- a write scenario counts a CONFLICT as an error: its message says why
    if sample == "" then sample = tostring(status) .. " " .. string.sub(text or "", 1, 300) end
  else
    c_other = c_other + 1
    if sample == "" then sample = tostring(status) .. " " .. string.sub(text or "", 1, 300) end
  end
end

local function esc(s)
  return (string.gsub(s, '[%c"\\]', function(c) return string.format("\\u%04x", string.byte(c)) end))
end

function done(summary, latency, requests)
  local sent, ok, conflict, other, first = 0, 0, 0, 0, ""
  for _, t in ipairs(threads) do
    sent = sent + t:get("c_sent")
    ok = ok + t:get("c_ok")
    conflict = conflict + t:get("c_conflict")
    other = other + t:get("c_other")
    local s = t:get("sample")
    if first == "" and s ~= nil then first = s end
  end
  local e = summary.errors
  io.write(string.format(
    'BENCHJSON {"requests":%d,"durationUs":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f,' ..
    '"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"sent":%d,"ok":%d,"conflict":%d,"other":%d,"sample":"%s"}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    e.connect, e.read, e.write, e.status, e.timeout, sent, ok, conflict, other, esc(first)))
end
