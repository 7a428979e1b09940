-- wrk: POST /parse with the sentences of a file (one a line), in turn.
-- wrk -s parse.lua ... -- sentences.txt
local bodies = {}
local next_body = 1

local function json_string(text)
    return '"' .. text:gsub('[%c"\\]', function(c)
        if c == '"' then return '\\"' elseif c == '\\' then return '\\\\' end
        return string.format('\\u%04x', c:byte())
    end) .. '"'
end

function init(args)
    for line in io.lines(args[1]) do
        if #line > 0 then bodies[#bodies + 1] = '{"text":' .. json_string(line) .. '}' end
    end
end

function request()
    local body = bodies[next_body]
    next_body = next_body % #bodies + 1
    return wrk.format("POST", "/parse", {["Content-Type"] = "application/json"}, body)
end
