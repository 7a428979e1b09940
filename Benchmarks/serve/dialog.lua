-- wrk: POST /dialog, each request the first turn of a new conversation (a session written).
local lines = {"send a message with MonkeyChat", "call Bobo", "pay Coco $20 with MonkeyPay", "remind me to buy milk"}
local n = 1

function request()
    local body = '{"text":"' .. lines[n] .. '"}'
    n = n % #lines + 1
    return wrk.format("POST", "/dialog", {["Content-Type"] = "application/json"}, body)
end
