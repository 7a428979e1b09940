-- wrk: POST /dialog, conversations of two turns: "text Bobo" (which asks which Bobo is meant),
-- then "the first one" in that session. Half the requests continue a conversation: its state
-- is read back, leased and written again.
local waiting = {}

function request()
    local id = table.remove(waiting)
    if id then
        return wrk.format("POST", "/dialog", {["Content-Type"] = "application/json"},
            '{"session":"' .. id .. '","text":"the first one"}')
    end
    return wrk.format("POST", "/dialog", {["Content-Type"] = "application/json"}, '{"text":"text Bobo"}')
end

function response(status, headers, body)
    local id = body:match('"session":"(%x+)"')
    if id and body:match('"state":"disambiguation"') then table.insert(waiting, id) end
end
