#!/usr/bin/env bash
# The workflow through Product Studio's API with API keys only, as a PIM or a script would drive
# it, against a running installation (`npm start`): a product from its textures, its LoRA, shots,
# a campaign, reading them back, a reviewer's key approving an image and refused a create, and
# what the Activity page recorded.
#
#   ADMIN_EMAIL=… ADMIN_PASSWORD=… scripts/api-walkthrough.sh            # http://localhost:3000
#   STUDIO_URL=https://studio.example.com ADMIN_EMAIL=… ADMIN_PASSWORD=… scripts/api-walkthrough.sh
#
# The admin's password is used once, to make two service accounts (an editor and a reviewer) and a
# key for each; everything after that is sent with the keys alone, and the keys are revoked at the
# end. Keys are never printed: the commands show them as $EDITOR_KEY and $REVIEWER_KEY.
# Needs curl and jq.
set -euo pipefail

URL="${STUDIO_URL:-http://localhost:3000}"
: "${ADMIN_EMAIL:?Set ADMIN_EMAIL (and ADMIN_PASSWORD): the admin makes the service accounts and their keys}"
: "${ADMIN_PASSWORD:?Set ADMIN_PASSWORD}"
command -v jq >/dev/null || { echo "This walkthrough needs jq (https://jqlang.org)." >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
jar="$work/cookies"
stamp="$(date +%s)"

# Each argument as a person would type it: in single quotes when it holds more than plain characters.
quoted() {
  local arg out=""
  for arg in "$@"; do
    if [[ "$arg" =~ ^[A-Za-z0-9_./:=@,-]+$ ]]; then out+=" $arg"; else out+=" '${arg//\'/\'\\\'\'}'"; fi
  done
  printf '%s' "$out"
}

# One request. Prints the command as a person would type it (the key by its variable's name),
# the status and the answer's JSON, and leaves the answer in $work/body.
# call <EDITOR_KEY|REVIEWER_KEY|session> <expected status> <METHOD> <path> [curl arguments…]
call() {
  local who="$1" expected="$2" method="$3" path="$4"
  shift 4
  local auth=() shown
  # The arguments as they would be typed; the sign-in's password is never shown.
  shown="$(quoted "$@")"
  [ -n "${hide:-}" ] && shown=" $hide"
  if [ "$who" = session ]; then
    auth=(-b "$jar" -c "$jar")
    echo "\$ curl -X $method$(quoted "$URL$path")$shown   # with the admin's session cookie"
  else
    auth=(-H "Authorization: Bearer ${!who}")
    echo "\$ curl -X $method -H \"Authorization: Bearer \$$who\"$(quoted "$URL$path")$shown"
  fi
  local status
  status="$(curl -sS -o "$work/body" -w '%{http_code}' -X "$method" "${auth[@]}" "$@" "$URL$path")"
  echo "HTTP $status"
  if [ "$status" != "$expected" ]; then
    echo "Expected HTTP $expected. The answer:" >&2
    cat "$work/body" >&2
    exit 1
  fi
}

# Shows the answer (or the fields the filter picks), never a secret.
show() { jq -c "${1:-.}" "$work/body" | sed 's/psk_[A-Za-z0-9_-]\{20,\}/psk_…/g'; echo; }
field() { jq -r "$1" "$work/body"; }

# Polls `call` until the jq test holds (every 2 s, at most `tries` times).
wait_for() {
  local who="$1" path="$2" test="$3" what="$4" tries="${5:-90}"
  echo "… waiting for $what (GET $path every 2 s)"
  for _ in $(seq "$tries"); do
    curl -sS -o "$work/body" -H "Authorization: Bearer ${!who}" "$URL$path"
    if jq -e "$test" "$work/body" >/dev/null; then return 0; fi
    sleep 2
  done
  echo "Gave up waiting for $what." >&2
  exit 1
}

echo "## 0. The admin makes two service accounts and a key for each (the only step with a password)"
hide="-H 'content-type: application/json' --data '{\"email\":\"\$ADMIN_EMAIL\",\"password\":\"\$ADMIN_PASSWORD\"}'" \
  call session 200 POST /api/session -H 'content-type: application/json' \
  --data "$(jq -nc --arg e "$ADMIN_EMAIL" --arg p "$ADMIN_PASSWORD" '{email: $e, password: $p}')"
call session 201 POST /api/service-accounts -H 'content-type: application/json' --data "{\"name\":\"PIM walkthrough $stamp\",\"role\":\"editor\"}"
show; pim="$(field .id)"
call session 201 POST "/api/service-accounts/$pim/keys" -H 'content-type: application/json' --data '{"name":"PIM import","role":"editor","expires_in_days":7}'
show '.key'; EDITOR_KEY="$(field .secret)"; editor_key_id="$(field .key.id)"
call session 201 POST /api/service-accounts -H 'content-type: application/json' --data "{\"name\":\"Review walkthrough $stamp\",\"role\":\"reviewer\"}"
show; reviewer_account="$(field .id)"
call session 201 POST "/api/service-accounts/$reviewer_account/keys" -H 'content-type: application/json' --data '{"name":"Review bot","role":"reviewer","expires_in_days":7}'
show '.key'; REVIEWER_KEY="$(field .secret)"; reviewer_key_id="$(field .key.id)"

echo
echo "## 1. Who the key acts as"
call EDITOR_KEY 200 GET /api/session
show '.user | {email, role, api_key: .api_key.name}'

echo "## 2. A product from its textures (multipart), for template 1"
call EDITOR_KEY 200 GET "/api/templates/1"
show '{id, name, texture_slots: [.texture_slots[].key]}'
# A 64 × 64 PNG for each slot (a real product has photographs here).
base64 -d > "$work/texture.png" <<'PNG'
iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAnklEQVRoge2SUQkAQBSDlsT+URbrQtyHPBgYwMlSOE10g24AesXuQtwlukE3AL1idyHuEt2gG4BesbsQd4lu0A1Ar9hdiLtEN+gGoFfsLsRdoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX/OEByqdA8W9OK+0AAAAASUVORK5CYII=
PNG
call EDITOR_KEY 201 POST /api/products -F template_id=1 -F "name=Walkthrough bottle $stamp" \
  -F "texture[0]=@$work/texture.png;type=image/png" -F "texture[0][key]=label" \
  -F "texture[1]=@$work/texture.png;type=image/png" -F "texture[1][key]=cap"
show '{id, name, template_name, texture_keys, lora_enabled}'
product="$(field .id)"

echo "## 3. Its LoRA"
call EDITOR_KEY 200 POST "/api/products/$product/lora"
show
wait_for EDITOR_KEY "/api/products/$product" '.lora_enabled == 1' "the LoRA to be ready"
show '{id, lora_enabled, lora_ready_at}'

echo "## 4. A shot, in 4:5"
call EDITOR_KEY 201 POST /api/predictions -H 'content-type: application/json' \
  --data "{\"product_id\":\"$product\",\"prompt\":\"on a marble counter in morning light\",\"aspect_ratio\":\"4:5\"}"
show '{id, status, aspect_ratio}'
shot="$(field .id)"
wait_for EDITOR_KEY "/api/predictions/$shot" '(.images | length) > 0' "the shot's images"
show '{id, status, aspect_ratio, images: (.images | length)}'

echo "## 5. A campaign: two scenes in 1:1 and Instagram portrait"
call EDITOR_KEY 201 POST /api/campaigns -H 'content-type: application/json' \
  --data "{\"name\":\"Walkthrough launch $stamp\",\"product_ids\":[\"$product\"],\"prompts\":[\"in a sunny garden\",\"on a wooden shelf\"],\"aspect_ratios\":[\"1:1\"],\"channels\":[\"instagram-portrait\"]}"
show '{id, name, total, ready}'
campaign="$(field .id)"
wait_for EDITOR_KEY "/api/campaigns/$campaign" '.status == "done"' "the campaign to finish" 150
show '{id, status, total, ready, failed}'

echo "## 6. Reading them back"
call REVIEWER_KEY 200 GET "/api/predictions?product_id=$product&limit=10"
show '[.items[] | {id, prompt, aspect_ratio, images: (.images | length)}]'
call REVIEWER_KEY 200 GET "/api/reviews/queue?limit=5&campaign_id=$campaign"
show '{total, first: (.items[0] | {prediction: .prediction.id, image_index})}'

echo "## 7. The reviewer's key approves the first image of the shot"
call REVIEWER_KEY 201 POST "/api/predictions/$shot/reviews" -H 'content-type: application/json' --data '{"image_index":0,"action":"approve"}'
show '{prediction_id, images: [.images[] | {image_index, status}]}'

echo "## 8. The reviewer's key is refused a create"
call REVIEWER_KEY 403 POST /api/predictions -H 'content-type: application/json' \
  --data "{\"product_id\":\"$product\",\"prompt\":\"one more\",\"aspect_ratio\":\"1:1\"}"
show

echo "## 9. What the Activity page recorded (the admin's session)"
call session 200 GET "/api/audit?limit=12"
show '[.items[] | select(.actor.email | endswith("service-account.invalid")) | "\(.actor.email) \(.words) \(.product.name // .detail.name // "") via key \(.detail.via_key // "-")"] | reverse'

echo "## 10. The keys are revoked; the next request with one is refused"
call session 204 DELETE "/api/keys/$editor_key_id"
call session 204 DELETE "/api/keys/$reviewer_key_id"
call EDITOR_KEY 401 GET /api/products
show
call session 204 DELETE /api/session
echo "Done."
