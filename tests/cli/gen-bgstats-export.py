#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a BG Stats export (the app's own layout and member names) of PLAYS plays to PATH:
120 games (most with a BGG id, some co-op, lowest-wins and team games), 40 players with the
owner, 25 locations, 1-6 seats a play (mostly 2-3), scores as numbers and as texts, Japanese comments,
expansions, a few deleted plays.  Deterministic for a seed.
Usage: gen-bgstats-export.py PATH PLAYS [SEED]"""

import json
import random
import sys
import uuid

path, n_plays = sys.argv[1], int(sys.argv[2])
rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 7)

games = []
for i in range(1, 121):
    game = {"id": i, "name": "Game %d" % i, "uuid": str(uuid.UUID(int=rnd.getrandbits(128))),
            "cooperative": i % 17 == 0, "highestWins": i % 11 != 0, "usesTeams": i % 23 == 0,
            "noPoints": False, "modificationDate": "2024-01-02 10:00:00",
            "isBaseGame": 1, "isExpansion": 0, "rating": 0, "minPlayerCount": 1,
            "maxPlayerCount": 6, "minPlayTime": 30, "maxPlayTime": 90, "minAge": 10}
    if i % 9 == 0:
        game["name"] = "ゲーム %d" % i
    if i % 13 != 0:
        game["bggId"] = 1000 + i
        game["bggName"] = game["name"]
        game["bggYear"] = 2000 + i % 24
    games.append(game)
players = [{"id": 1, "name": "Me", "uuid": str(uuid.UUID(int=1)), "isAnonymous": False,
            "bggUsername": "me_on_bgg", "modificationDate": "2024-01-02 10:00:00"}]
players += [{"id": i, "name": ("プレイヤー%d" % i) if i % 7 == 0 else "Player %d" % i,
             "uuid": str(uuid.UUID(int=i)), "isAnonymous": i == 2,
             "modificationDate": "2024-01-02 10:00:00"} for i in range(2, 41)]
locations = [{"id": i, "name": "Place %d" % i, "uuid": str(uuid.UUID(int=1000 + i)),
              "modificationDate": "2024-01-02 10:00:00"} for i in range(1, 26)]

plays = []
deleted = []
for n in range(n_plays):
    g = rnd.choice(games)
    seats = []
    for s, p in enumerate(rnd.sample(range(1, 41), rnd.choice((1, 2, 2, 2, 3, 3, 4, 5, 6)))):
        seat = {"playerRefId": p, "score": str(rnd.randint(0, 120)) if n % 3 else rnd.randint(0, 120),
                "winner": s == 0}
        if rnd.random() < 0.05:
            seat["newPlayer"] = True
        if g["usesTeams"]:
            seat["team"] = "Team %d" % (s % 2 + 1)
        seats.append(seat)
    play = {"uuid": str(uuid.UUID(int=rnd.getrandbits(128))),
            "playDate": "20%02d-%02d-%02d %02d:%02d:00" % (rnd.randint(15, 24), rnd.randint(1, 12),
                                                           rnd.randint(1, 28), rnd.randint(0, 23),
                                                           rnd.randint(0, 59)),
            "gameRefId": g["id"], "locationRefId": rnd.randint(1, 25),
            "durationMin": rnd.randint(10, 240), "playerScores": seats}
    if g["usesTeams"]:
        play["usesTeams"] = True
    if n % 10 == 0:
        play["comments"] = "楽しかった。Close game, %d turns." % rnd.randint(5, 20)
    if n % 25 == 0:
        play["expansionPlays"] = [{"gameRefId": rnd.choice(games)["id"]}]
    if n % 1000 == 999:
        deleted.append({"objectType": "Play", "uuid": play["uuid"]})
    plays.append(play)

with open(path, "w", encoding="utf-8") as f:
    json.dump({"userInfo": {"meRefId": 1}, "games": games, "players": players,
               "locations": locations, "plays": plays, "deletedObjects": deleted,
               "challenges": [], "groups": [], "tags": []},
              f, ensure_ascii=False, separators=(",", ":"))
