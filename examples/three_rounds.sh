#!/usr/bin/env bash
# Three rounds at the ogre's bridge, chained through the journal with --apply and jq.
#   examples/three_rounds.sh [ENCOUNTER] [SEED]
# Each command records its result; every later command reads the state it left.
set -euo pipefail

encounter=${1:-encounters/duel.yaml}
seed=${2:-7}
erc=${ERC:-erc}
export ERC_ENCOUNTER=$encounter
export ERC_JOURNAL=${ERC_JOURNAL:-$(mktemp -d)/duel.journal.jsonl}

for round in 1 2 3; do
  # A new round: initiative anew (R3.4), reactions reset.
  order=$($erc roll-init --apply --json --seed $((seed + round)) | jq -r '.result.order[] | select(.acts) | .name')
  echo "round $round: $(echo "$order" | paste -sd, -)"
  while IFS= read -r name; do
    ogre_body=$($erc status --json | jq '.result.combatants[] | select(.name == "Ogre") | .body')
    [ "$ogre_body" -gt 0 ] || { echo "  the Ogre is down"; break 2; }
    if [ "$name" = "Ogre" ]; then
      target=Kaela
    else
      target=Ogre
    fi
    dealt=$($erc attack "$name" "$target" --apply --json --seed $((seed * 100 + round)) \
            | jq '.result.damage')
    echo "  $name attacks $target: $dealt damage"
  done <<< "$order"
done

$erc status --json | jq -r '.result.combatants[] | "\(.name): \(.body)/\(.body_max)"'
