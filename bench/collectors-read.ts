import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import {
  createChaturbateCollector,
  createStripchatCollector,
  MFC_FCTYPE as FCTYPE,
  frameMfc,
  MfcFrameReader,
  MfcModelTable,
} from "@camatlas/api";
import { fail, positiveInt } from "./cli-args.ts";

// What reading a whole camsite costs the collector host: a Stripchat affiliate list and a Chaturbate online list
// of --models models served by a loopback feed (400 and 500 a page, no pacing), read and parsed into one poll; and a
// MyFreeCams socket's traffic — the bulk dump of --models models and --updates partial SESSIONSTATE updates cut
// into 22 KiB websocket messages — read into the model table. Times are this process's wall clock and CPU per
// read (median of --runs), so they hold whatever the network would add.
// Usage: npm run collectors -w @camatlas/bench -- [--models 6000] [--updates 20000] [--runs 5]

const { values: args } = parseArgs({
  options: {
    models: { type: "string", default: "6000" },
    updates: { type: "string", default: "20000" },
    runs: { type: "string", default: "5" },
  },
});
const models = positiveInt("models", args.models);
const updates = positiveInt("updates", args.updates);
const runs = positiveInt("runs", args.runs);
if (runs > 100) fail("--runs must be at most 100");

const STATUSES = ["public", "private", "groupShow", "p2p", "idle", "virtualPrivate", "p2pVoice"];
const SHOWS = ["public", "private", "group", "away", "hidden"];
const stripchat = Array.from({ length: models }, (_, i) => ({
  id: 100_000 + i,
  username: `Bench_Model_${i}`,
  status: STATUSES[i % STATUSES.length],
  viewersCount: i % 500,
  snapshotUrl: `https://img.strpst.com/thumbs/1763900000/${100_000 + i}_webp`,
}));
const chaturbate = Array.from({ length: models }, (_, i) => ({
  username: `bench_room_${i}`,
  current_show: SHOWS[i % SHOWS.length],
  num_users: i % 900,
  room_subject: `goal ${i} #bench`,
  image_url: `https://roomimg.stream.highwebmedia.com/ri/bench_room_${i}.jpg`,
  seconds_online: 60 + (i % 7200),
}));

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const offset = Number(url.searchParams.get("offset"));
  const limit = Number(url.searchParams.get("limit"));
  response.writeHead(200, { "content-type": "application/json" });
  if (url.pathname === "/stripchat")
    response.end(
      JSON.stringify({
        count: Math.min(limit, models - offset),
        total: models,
        models: stripchat.slice(offset, offset + limit),
      }),
    );
  else response.end(JSON.stringify({ count: models, results: chaturbate.slice(offset, offset + limit) }));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function measure(name: string, read: () => Promise<string>) {
  const wall: number[] = [];
  const cpu: number[] = [];
  let detail = "";
  for (let i = 0; i < runs; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    detail = await read();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    `${name.padEnd(34)} ${median(wall).toFixed(1).padStart(8)} ms wall ${median(cpu).toFixed(1).padStart(8)} ms CPU   ${detail}`,
  );
}

const signal = new AbortController().signal;
console.log(`${models} models, ${updates} MyFreeCams updates, median of ${runs} runs`);
await measure("Stripchat affiliate list (400/page)", async () => {
  const poll = await createStripchatCollector({
    feedUrl: `${origin}/stripchat`,
    pageSize: 400,
    pacingMs: 0,
  }).collect(signal);
  return `${poll?.observations.length} observations, complete ${poll?.complete}`;
});
await measure("Chaturbate online rooms (500/page)", async () => {
  const poll = await createChaturbateCollector({
    feedUrl: `${origin}/chaturbate?wm=bench`,
    pacingMs: 0,
  }).collect(signal);
  return `${poll?.observations.length} observations, complete ${poll?.complete}`;
});

// The MyFreeCams traffic: the dump (as the ext-data URL answers it) and the pushed updates, framed and cut.
const dump = {
  rdata: [
    ["uid", "nm", "vs", "lv", { m: ["camscore", "rank", "rc", "topic", "flags"] }],
    ...Array.from({ length: models }, (_, i) => [
      1_000_000 + i,
      `BenchMfc${i}`,
      [0, 2, 12, 13, 14][i % 5],
      4,
      1000 + i,
      i % 1000,
      i % 300,
      "hi%20there",
      16,
    ]),
  ],
};
const stream = Array.from({ length: updates }, (_, i) =>
  frameMfc(
    FCTYPE.SESSIONSTATE,
    0,
    0,
    0,
    0,
    i % 3 === 0
      ? { uid: 1_000_000 + (i % models), vs: [0, 2, 12][i % 3] }
      : { uid: 1_000_000 + (i % models), m: { rc: i % 400 } },
  ),
).join("");
const messages: string[] = [];
for (let at = 0; at < stream.length; at += 22 * 1024) messages.push(stream.slice(at, at + 22 * 1024));
await measure("MyFreeCams dump + updates", async () => {
  const table = new MfcModelTable();
  const reader = new MfcFrameReader();
  table.applyCamsDump(JSON.parse(JSON.stringify(dump)), 1000);
  let read = 0;
  for (const message of messages)
    for (const parsed of reader.push(message)) {
      table.apply(parsed, 1001);
      read++;
    }
  return `${read} messages in ${messages.length} websocket messages, ${table.online().length} online`;
});
server.close();
