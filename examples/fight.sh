#!/usr/bin/env bash
# A whole fight, played to its end with erc's fight loop and jq:
#   examples/fight.sh [ENCOUNTER] [SEED]
# Each round: roll-init --apply records the order; `erc status` names who is next (the first
# in the order who can act and has not acted); that combatant attacks the first standing foe;
# until status says the fight is over (fewer than two sides standing: R11.5 in docs/rules/er.md).
set -euo pipefail

encounter=${1:-encounters/duel.yaml}
seed=${2:-1}
erc=${ERC:-erc}
export ERC_ENCOUNTER=$encounter
export ERC_JOURNAL=${ERC_JOURNAL:-$(mktemp -d)/fight.journal.jsonl}

turn=0
for round in $(seq 1 100); do
  $erc roll-init --apply --json --seed $((seed * 1000 + round)) > /dev/null
  while :; do
    status=$($erc status --json)
    if [ "$(jq .result.over <<< "$status")" = true ]; then
      winners=$(jq -r '[.result.sides[] | select(.standing > 0) | .side] | join(", ")' <<< "$status")
      echo "over in round $round: ${winners:-nobody} standing"
      jq -r '.result.combatants[] | "  \(.name): \(.body)/\(.body_max)"' <<< "$status"
      exit 0
    fi
    next=$(jq -r '.result.next // empty' <<< "$status")
    [ -n "$next" ] || break  # everyone who can act has acted: the next round
    target=$(jq -r --arg n "$next" '
      (.result.combatants[] | select(.name == $n) | .side) as $mine
      | [.result.combatants[] | select(.side != $mine and .standing)][0].name' <<< "$status")
    turn=$((turn + 1))
    dealt=$($erc attack "$next" "$target" --apply --key "turn-$turn" --json \
            --seed $((seed * 1000 + turn)) | jq .result.damage)
    echo "round $round: $next attacks $target: $dealt damage"
  done
done
echo "no end after 100 rounds" >&2
exit 1
