#!/bin/sh
# A wrong pawn-retrograde solution, for trying `game-stress hack`: the exact answer with
# Black's distance one too long. It runs $GAME_STRESS (default: the release
# binary of this repository).
"${GAME_STRESS:-$(dirname "$0")/../../../target/release/game-stress}" expected pawn-retrograde | awk '$1 == "Black" { print "Black", $2 + 1; next } { print }'
