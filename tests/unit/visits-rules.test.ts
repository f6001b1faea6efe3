/** The pure rules of the visits module: the haversine distance, the allocation steps, archive details, photos. */
import { describe, expect, it } from "vitest";
import { checkInDistance, haversineMeters, pointOf } from "../../worker/visits/geo.ts";
import { allocationStep } from "../../worker/visits/allocation.ts";
import { detailProblems } from "../../worker/visits/archives.ts";
import { badPhotos, photoMaxBytes } from "../../worker/visits/photos.ts";

describe("haversine distance", () => {
  it("is zero at the same point and symmetric", () => {
    const bell = { longitude: 108.9402, latitude: 34.2583 };
    const tower = { longitude: 108.9398, latitude: 34.2605 };
    expect(haversineMeters(bell, bell)).toBe(0);
    expect(haversineMeters(bell, tower)).toBe(haversineMeters(tower, bell));
  });

  it("matches known distances", () => {
    // one degree of latitude on the mean sphere: 111,195 m
    expect(haversineMeters({ longitude: 108, latitude: 34 }, { longitude: 108, latitude: 35 })).toBe(111195);
    // Xi'an Bell Tower to Beijing Tiananmen: about 914 km
    const km = haversineMeters({ longitude: 108.9402, latitude: 34.2583 }, { longitude: 116.3975, latitude: 39.9087 }) / 1000;
    expect(km).toBeGreaterThan(905);
    expect(km).toBeLessThan(920);
    // a hundredth of a degree of longitude at 34.26°N: about 919 m
    expect(haversineMeters({ longitude: 108.94, latitude: 34.26 }, { longitude: 108.95, latitude: 34.26 })).toBe(919);
  });

  it("answers null unless both sides have valid coordinates", () => {
    expect(checkInDistance({ longitude: 108.94, latitude: 34.26 }, null)).toBeNull();
    expect(checkInDistance({ longitude: 108.94, latitude: 34.26 }, { longitude: null, latitude: 34 })).toBeNull();
    expect(checkInDistance({}, { longitude: 108.94, latitude: 34.26 })).toBeNull();
    expect(pointOf(200, 10)).toBeNull();
    expect(checkInDistance({ longitude: 108.94, latitude: 34.26 }, { longitude: 108.94, latitude: 34.26 })).toBe(0);
  });
});

describe("allocation steps", () => {
  it("confirms a pending allocation, then commits it once", () => {
    expect(allocationStep("pending", "confirm")).toEqual({ ok: true, patch: { status: "confirmed" } });
    expect(allocationStep("confirmed", "commit")).toEqual({ ok: true, patch: { status: "committed" } });
    expect(allocationStep("committed", "commit")).toEqual({ ok: false, key: "allocationCommitted" });
  });
  it("refuses a commit before the confirmation and a second confirmation", () => {
    expect(allocationStep("pending", "commit")).toEqual({ ok: false, key: "allocationNotConfirmed" });
    expect(allocationStep("confirmed", "confirm")).toEqual({ ok: false, key: "allocationConfirmed" });
  });
  it("reassigns an uncommitted allocation back to pending, never a committed one", () => {
    expect(allocationStep("confirmed", "reassign", "u2")).toEqual({ ok: true, patch: { userId: "u2", status: "pending" } });
    expect(allocationStep("committed", "reassign", "u2").ok).toBe(false);
  });
});

describe("archive details", () => {
  it("names the missing required detail and an unknown key", () => {
    expect(detailProblems("zfda", { purpose: "走访" })).toEqual([]);
    expect(detailProblems("zfda", {}).map((p) => p.field)).toEqual(["details.purpose"]);
    expect(detailProblems("fwda", { serviceItem: "x", serviceType: "legal", colour: "red" }).map((p) => p.field)).toEqual(["details.colour"]);
    expect(detailProblems("xqda", { demandType: "financing", demandTitle: "贷款", expectedDate: "next week" }).map((p) => p.field)).toEqual(["details.expectedDate"]);
  });
});

describe("check-in photos", () => {
  it("accepts stored images within the size limit only", () => {
    const files = [
      { id: "a", ext: "jpg", size: 1000 },
      { id: "b", ext: "pdf", size: 1000 },
      { id: "c", ext: "png", size: photoMaxBytes + 1 },
    ];
    expect(badPhotos(["a"], files)).toEqual([]);
    expect(badPhotos(["a", "b", "c", "d"], files)).toEqual(["b", "c", "d"]);
  });
});

describe("demo coordinates", () => {
  it("are fixed by the credit code and lie inside central Shaanxi", async () => {
    const { demoCoordinates } = await import("../../worker/seed/enterprise-demo/fixups/visits.ts");
    const a = demoCoordinates("91610114MAA459641T");
    expect(demoCoordinates("91610114MAA459641T")).toEqual(a);
    expect(demoCoordinates("91610131MA6TXXXX1X")).not.toEqual(a);
    for (const p of [a, demoCoordinates("91610131MA6TXXXX1X")]) {
      expect(p.longitude).toBeGreaterThanOrEqual(107.6);
      expect(p.longitude).toBeLessThan(109.1);
      expect(p.latitude).toBeGreaterThanOrEqual(33.8);
      expect(p.latitude).toBeLessThan(35.2);
    }
  });
});
