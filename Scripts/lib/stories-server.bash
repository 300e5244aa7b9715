# Shared by the scripts that start a throwaway stories-server (Scripts/demo, keyring-tests, benchmark-keyring). Source
# it; it defines one function.

# server_url LOG PID: once the stories-server with process id PID has written its listening URL to LOG, prints it
# (http://127.0.0.1:PORT/v1). Waits at most 20 s; returns 1, printing nothing, if the server exits or says nothing.
server_url() {
  local log="$1" pid="$2" url=""
  for _ in $(seq 1 200); do
    url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/v1' "$log" | head -n 1 || true)"
    if [[ -n "$url" ]]; then
      printf '%s\n' "$url"
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
