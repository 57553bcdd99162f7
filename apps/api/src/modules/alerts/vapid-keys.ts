import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import webPush from "web-push";

// The site's VAPID key pair (web push): generated once into DATA_DIR/vapid-keys.json and kept, since every browser
// subscription is bound to the public key it was made with.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new Map<string, Promise<VapidKeys>>();

async function loadOrCreate(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, "vapid-keys.json");
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey)
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch {
    // Not there yet (or unreadable): made below.
  }
  const keys = webPush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  // `wx`: when two processes start together, the second one reads the first one's keys.
  try {
    await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
    return keys;
  } catch {
    return JSON.parse(await readFile(file, "utf8")) as VapidKeys;
  }
}

export function vapidKeys(dataDir: string): Promise<VapidKeys> {
  let keys = cache.get(dataDir);
  if (!keys) {
    keys = loadOrCreate(dataDir);
    keys.catch(() => cache.delete(dataDir));
    cache.set(dataDir, keys);
  }
  return keys;
}
