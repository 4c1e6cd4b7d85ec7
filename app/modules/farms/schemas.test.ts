import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  crops,
  farmCreateSchema,
  farmFormSchema,
  farmIssueCode,
  farmUpdateSchema,
  plotCreateSchema,
  plotFormSchema,
  plotIssueCode,
  plotUpdateSchema,
} from "./schemas";

const formData = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

describe("crops", () => {
  it("takes a list or the dialog's comma-separated text, each crop once", () => {
    expect(crops.parse(["Cassava", " Maize ", "cassava"])).toEqual(["Cassava", "Maize"]);
    expect(crops.parse("Cassava, Maize,, yam ")).toEqual(["Cassava", "Maize", "yam"]);
    expect(crops.parse("")).toEqual([]);
  });

  it("refuses numbers, empty names, long names and too many", () => {
    expect(crops.safeParse([1]).success).toBe(false);
    expect(crops.safeParse(["x".repeat(61)]).success).toBe(false);
    expect(crops.safeParse(Array.from({ length: 31 }, (_, i) => `crop ${i}`)).success).toBe(false);
  });
});

describe("farmCreateSchema", () => {
  it("takes a name alone, with its spaces made one", () => {
    expect(farmCreateSchema.parse({ name: "  Bello   Farm " })).toMatchObject({ name: "Bello Farm", crops: [] });
  });

  it("needs both coordinates or neither, in range, as numbers or text", () => {
    expect(farmCreateSchema.parse({ name: "F", centerLat: "7.5", centerLng: 3.9 })).toMatchObject({
      centerLat: 7.5,
      centerLng: 3.9,
    });
    expect(farmCreateSchema.safeParse({ name: "F", centerLat: 7.5 }).success).toBe(false);
    expect(farmCreateSchema.safeParse({ name: "F", centerLat: 91, centerLng: 3 }).success).toBe(false);
  });

  it("refuses a name of 100 characters with its own code, and an empty one", () => {
    const long = farmCreateSchema.safeParse({ name: "F".repeat(100) });
    expect(long.success).toBe(false);
    expect(farmIssueCode(long.error!.issues[0]!)).toBe("VLD_FARM_NAME_TOO_LONG");
    const empty = farmCreateSchema.safeParse({ name: " " });
    expect(farmIssueCode(empty.error!.issues[0]!)).toBe("VLD_REQUIRED_FIELD");
  });
});

describe("farmUpdateSchema and the plot schemas", () => {
  it("lets a PATCH send only what changes", () => {
    expect(farmUpdateSchema.parse({ boundary: null })).toEqual({ boundary: null });
    expect(plotUpdateSchema.parse({ name: "Pond" })).toEqual({ name: "Pond" });
  });

  it("gives a plot the type field by default and refuses another type", () => {
    expect(plotCreateSchema.parse({ name: "North field" })).toMatchObject({ type: "field", crops: [] });
    const barn = plotCreateSchema.safeParse({ name: "Barn", type: "barn" });
    expect(barn.success).toBe(false);
    expect(barn.error!.issues[0]!.path).toEqual(["type"]);
  });

  it("checks a sent centroid as coordinates, and codes it so", () => {
    const bad = plotCreateSchema.safeParse({ name: "P", centroidLat: "north" });
    expect(bad.success).toBe(false);
    expect(plotIssueCode(bad.error!.issues[0]!)).toBe("VLD_INVALID_GPS_COORDS");
    // A plot name's length is not a farm name's: it has the general code.
    const long = plotCreateSchema.safeParse({ name: "P".repeat(121) });
    expect(plotIssueCode(long.error!.issues[0]!)).toBe("VLD_REQUIRED_FIELD");
  });
});

describe("the farm and plot dialogs' schemas, as Conform reads their forms", () => {
  it("take a farm's name, with an empty description and crops left out, and the map's centre when sent", () => {
    const farm = parseWithZod(formData({ name: " Oko  Farm ", description: "", crops: "" }), {
      schema: farmFormSchema,
    });
    expect(farm.status === "success" && farm.value).toEqual({ name: "Oko Farm", crops: [] });
    const placed = parseWithZod(formData({ name: "F", crops: "Yam, maize, yam", centerLat: "7.5", centerLng: "3.9" }), {
      schema: farmFormSchema,
    });
    expect(placed.status === "success" && placed.value).toEqual({
      name: "F",
      crops: ["Yam", "maize"],
      centerLat: 7.5,
      centerLng: 3.9,
    });
  });

  it("refuse a farm with no name or one of 100 characters, each on its field with a translation key", () => {
    const empty = parseWithZod(formData({ name: "  " }), { schema: farmFormSchema });
    expect(empty.reply().error).toEqual({ name: ["mapping.errors.nameRequired"] });
    const long = parseWithZod(formData({ name: "F".repeat(100) }), { schema: farmFormSchema });
    expect(long.reply().error).toEqual({ name: ["mapping.errors.farmNameTooLong"] });
    const half = parseWithZod(formData({ name: "F", centerLat: "7.5" }), { schema: farmFormSchema });
    expect(half.reply().error).toEqual({ centerLat: ["mapping.errors.coordinates"] });
  });

  it("give a plot the type field by default, and refuse another type on its field", () => {
    const plot = parseWithZod(formData({ name: "Fish pond", crops: "Catfish" }), { schema: plotFormSchema });
    expect(plot.status === "success" && plot.value).toEqual({ name: "Fish pond", type: "field", crops: ["Catfish"] });
    const barn = parseWithZod(formData({ name: "Barn", type: "barn" }), { schema: plotFormSchema });
    expect(barn.reply().error).toEqual({ type: ["mapping.errors.plotType"] });
  });
});
