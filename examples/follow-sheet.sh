#!/usr/bin/env bash
# An integrator's script with plain HTTP and curl (issue 18): follow the live dispatch sheet of a
# date over server-sent events and print each change, resuming from the last event id when the
# connection drops. Stops after MAX_CHANGES changes or MAX_SECONDS seconds.
# Run: PANEL_URL=http://127.0.0.1:4000 PANEL_TOKEN=pnl_... bash examples/follow-sheet.sh [YYYY-MM-DD]
set -euo pipefail
url="${PANEL_URL:-http://127.0.0.1:4000}"
token="${PANEL_TOKEN:?make a token in the panel (user menu → توکن‌های API) and set PANEL_TOKEN}"
max_changes="${MAX_CHANGES:-3}"
max_seconds="${MAX_SECONDS:-60}"
auth=(-H "Authorization: Bearer ${token}")

# A plain query: the server's clock gives today's date in Tehran when none is given.
date="${1:-}"
if [ -z "$date" ]; then
  date=$(curl -sf "${auth[@]}" "${url}/trpc/dispatch.dates" | sed -E 's/.*"type":"today","date":"([0-9-]+)".*/\1/; s/.*"date":"([0-9-]+)","type":"today".*/\1/')
fi
echo "following the sheet of ${date}"
input=$(printf '{"date":"%s"}' "$date")
encoded=$(node -e 'process.stdout.write(encodeURIComponent(process.argv[1]))' "$input")

# The stream's curl (the process substitution below, `$!`) is stopped before the script leaves it,
# or it would hold the stream and this script's output open until its --max-time.
stop_stream() { kill "$!" 2>/dev/null || true; }

changes=0
last_id=""
deadline=$(( $(date +%s) + max_seconds ))
while [ "$changes" -lt "$max_changes" ] && [ "$(date +%s)" -lt "$deadline" ]; do
  resume=()
  [ -n "$last_id" ] && resume=(-H "Last-Event-ID: ${last_id}")
  # -N: print events as they come; the stream is read line by line.
  while IFS= read -r line; do
    case "$line" in
      id:*) last_id="${line#id: }" ;;
      "event: serialized-error") echo "refused:"; error=1 ;;
      data:*)
        data="${line#data: }"
        if [ "${error:-0}" = 1 ]; then echo "$data"; stop_stream; exit 1; fi
        case "$data" in
          *'"type":"snapshot"'*) echo "snapshot at ${last_id}: $(grep -o '"pk":' <<<"$data" | wc -l) cells" ;;
          *'"type":"delta"'*)
            changes=$((changes + 1))
            echo "change ${changes} (${last_id}): ${data:0:200}"
            if [ "$changes" -ge "$max_changes" ]; then stop_stream; exit 0; fi ;;
          *'"type":"reconnect"'*) echo "server asks to reconnect"; stop_stream; break ;;
        esac ;;
    esac
  done < <(exec curl -sN --max-time "$(( deadline - $(date +%s) ))" "${auth[@]}" -H 'Accept: text/event-stream' "${resume[@]}" \
    "${url}/trpc/dispatch.watch?input=${encoded}")
done
echo "stopped after ${changes} changes"
[ "$changes" -gt 0 ]
