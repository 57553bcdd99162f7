import { describe, expect, it } from "vitest";
import { locateIp } from "./geo-lookup.ts";

// Addresses from the database's known ranges (MaxMind's own test networks and large public ranges).
describe("locateIp", () => {
  it("finds the country and the ISO region of a known address", () => {
    expect(locateIp("216.160.83.56")).toEqual({ country: "US", region: "US-WA", ip: "216.160.83.56" });
    expect(locateIp("81.2.69.142")).toMatchObject({ country: "GB" });
  });

  it("reads IPv4-mapped IPv6 as IPv4", () => {
    expect(locateIp("::ffff:216.160.83.56")).toMatchObject({ country: "US", ip: "216.160.83.56" });
  });

  it("answers null for malformed or missing addresses, and no country for private ones", () => {
    expect(locateIp("local")).toBeNull();
    expect(locateIp("")).toBeNull();
    expect(locateIp(undefined)).toBeNull();
    expect(locateIp("127.0.0.1")).toEqual({ country: null, region: null, ip: "127.0.0.1" });
  });
});
