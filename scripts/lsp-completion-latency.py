#!/usr/bin/env python3
"""sourcekit-lsp's own textDocument/completion on a file and position, the
anchor beside Demo Shell's completion in `make bench` (issue 46 §3).

    lsp-completion-latency.py CONTEXT MARKER ROUNDS

CONTEXT: the file's path on its first line, then the compiler's arguments
one a line (what `demo-shell-edit-bench --language` writes); a
compile_commands.json of them is written beside the file, as a build
would. Completion is asked just after MARKER's first occurrence, ROUNDS
times, the text changed a little each time (as typing does). Prints
"lsp-first-ms F" and "lsp-warm-ms median M p95 P max X n N"."""
import json, os, subprocess, sys, time

context, marker, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(context).read().split("\n")
path, arguments = lines[0], [a for a in lines[1:] if a]
folder = os.path.dirname(path)
json.dump([{"directory": folder, "file": path, "arguments": ["swiftc"] + arguments}],
          open(os.path.join(folder, "compile_commands.json"), "w"))
server = subprocess.Popen(["sourcekit-lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, cwd=folder)
next_id = [0]

def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()

def receive():
    headers = {}
    while True:
        line = server.stdout.readline().decode().strip()
        if not line:
            break
        key, value = line.split(":", 1)
        headers[key.lower()] = value.strip()
    return json.loads(server.stdout.read(int(headers["content-length"])))

def request(method, params):
    next_id[0] += 1
    send({"jsonrpc": "2.0", "id": next_id[0], "method": method, "params": params})
    while True:
        message = receive()
        if message.get("id") == next_id[0] and "method" not in message:
            return message
        if "method" in message and "id" in message:  # a request of the server's
            send({"jsonrpc": "2.0", "id": message["id"], "result": None})

def notify(method, params):
    send({"jsonrpc": "2.0", "method": method, "params": params})

request("initialize", {"processId": os.getpid(), "rootUri": "file://" + folder, "capabilities": {}})
notify("initialized", {})
uri = "file://" + path
text = open(path).read()
notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 0, "text": text}})
before = text[:text.index(marker) + len(marker)].split("\n")
times = []
for turn in range(rounds + 1):
    changed = "// " + "x" * turn + "\n" + text
    notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": turn + 1},
                                      "contentChanges": [{"text": changed}]})
    start = time.monotonic()
    answer = request("textDocument/completion", {"textDocument": {"uri": uri},
                                                 "position": {"line": len(before), "character": len(before[-1])}})
    times.append((time.monotonic() - start) * 1000)
    items = answer.get("result") or []
    items = items.get("items", []) if isinstance(items, dict) else items
    if not items:
        print("lsp-completion-latency: no items", file=sys.stderr)
server.kill()
warm = sorted(times[1:])
pick = lambda f: warm[min(len(warm) - 1, round((len(warm) - 1) * f))]
print("lsp-first-ms %d" % round(times[0]))
print("lsp-warm-ms median %d p95 %d max %d n %d" % (round(pick(0.5)), round(pick(0.95)), round(warm[-1]), len(warm)))
