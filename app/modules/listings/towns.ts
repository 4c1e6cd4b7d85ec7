import { distanceKm } from "~/lib/geo";

// Towns and cities of Nigeria with their state and centre coordinates (WGS84): every state capital,
// the larger towns and the main market towns.
// Used to place seeded listings and farms, and to turn a typed place name into
// coordinates without any outside geocoding service.
export interface Town {
  name: string;
  state: string;
  latitude: number;
  longitude: number;
}

export const NIGERIAN_TOWNS: readonly Town[] = [
  { name: "Ikeja", state: "Lagos", latitude: 6.6018, longitude: 3.3515 },
  { name: "Lagos Island", state: "Lagos", latitude: 6.455, longitude: 3.3941 },
  { name: "Lekki", state: "Lagos", latitude: 6.4698, longitude: 3.5852 },
  { name: "Ikorodu", state: "Lagos", latitude: 6.6194, longitude: 3.5105 },
  { name: "Epe", state: "Lagos", latitude: 6.5841, longitude: 3.9834 },
  { name: "Badagry", state: "Lagos", latitude: 6.4316, longitude: 2.8876 },
  { name: "Abeokuta", state: "Ogun", latitude: 7.1475, longitude: 3.3619 },
  { name: "Ijebu-Ode", state: "Ogun", latitude: 6.8194, longitude: 3.9173 },
  { name: "Sagamu", state: "Ogun", latitude: 6.8485, longitude: 3.6463 },
  { name: "Ibadan", state: "Oyo", latitude: 7.3775, longitude: 3.947 },
  { name: "Ogbomoso", state: "Oyo", latitude: 8.1335, longitude: 4.2401 },
  { name: "Oyo", state: "Oyo", latitude: 7.8526, longitude: 3.9312 },
  { name: "Iseyin", state: "Oyo", latitude: 7.97, longitude: 3.59 },
  { name: "Saki", state: "Oyo", latitude: 8.6676, longitude: 3.3939 },
  { name: "Osogbo", state: "Osun", latitude: 7.7827, longitude: 4.5418 },
  { name: "Ile-Ife", state: "Osun", latitude: 7.4824, longitude: 4.5603 },
  { name: "Ilesa", state: "Osun", latitude: 7.6167, longitude: 4.7333 },
  { name: "Ede", state: "Osun", latitude: 7.739, longitude: 4.436 },
  { name: "Akure", state: "Ondo", latitude: 7.2571, longitude: 5.2058 },
  { name: "Ondo", state: "Ondo", latitude: 7.1, longitude: 4.8417 },
  { name: "Owo", state: "Ondo", latitude: 7.1962, longitude: 5.5868 },
  { name: "Ado-Ekiti", state: "Ekiti", latitude: 7.621, longitude: 5.2215 },
  { name: "Ikere-Ekiti", state: "Ekiti", latitude: 7.4985, longitude: 5.232 },
  { name: "Ilorin", state: "Kwara", latitude: 8.4966, longitude: 4.5421 },
  { name: "Offa", state: "Kwara", latitude: 8.1491, longitude: 4.7207 },
  { name: "Lokoja", state: "Kogi", latitude: 7.8023, longitude: 6.7333 },
  { name: "Okene", state: "Kogi", latitude: 7.55, longitude: 6.2333 },
  { name: "Abuja", state: "FCT", latitude: 9.0765, longitude: 7.3986 },
  { name: "Gwagwalada", state: "FCT", latitude: 8.9431, longitude: 7.083 },
  { name: "Kuje", state: "FCT", latitude: 8.8794, longitude: 7.2276 },
  { name: "Minna", state: "Niger", latitude: 9.6139, longitude: 6.5569 },
  { name: "Bida", state: "Niger", latitude: 9.0833, longitude: 6.0167 },
  { name: "Suleja", state: "Niger", latitude: 9.1806, longitude: 7.1794 },
  { name: "Lafia", state: "Nasarawa", latitude: 8.4939, longitude: 8.5153 },
  { name: "Keffi", state: "Nasarawa", latitude: 8.8469, longitude: 7.8736 },
  { name: "Makurdi", state: "Benue", latitude: 7.7337, longitude: 8.5214 },
  { name: "Gboko", state: "Benue", latitude: 7.325, longitude: 9.005 },
  { name: "Otukpo", state: "Benue", latitude: 7.1906, longitude: 8.13 },
  { name: "Jos", state: "Plateau", latitude: 9.8965, longitude: 8.8583 },
  { name: "Kaduna", state: "Kaduna", latitude: 10.5105, longitude: 7.4165 },
  { name: "Zaria", state: "Kaduna", latitude: 11.0855, longitude: 7.7199 },
  { name: "Kafanchan", state: "Kaduna", latitude: 9.5833, longitude: 8.3 },
  { name: "Kano", state: "Kano", latitude: 12.0022, longitude: 8.592 },
  { name: "Katsina", state: "Katsina", latitude: 12.9908, longitude: 7.6018 },
  { name: "Funtua", state: "Katsina", latitude: 11.5233, longitude: 7.3081 },
  { name: "Dutse", state: "Jigawa", latitude: 11.7562, longitude: 9.3389 },
  { name: "Bauchi", state: "Bauchi", latitude: 10.3158, longitude: 9.8442 },
  { name: "Gombe", state: "Gombe", latitude: 10.2897, longitude: 11.1673 },
  { name: "Yola", state: "Adamawa", latitude: 9.2035, longitude: 12.4954 },
  { name: "Jalingo", state: "Taraba", latitude: 8.8937, longitude: 11.3596 },
  { name: "Maiduguri", state: "Borno", latitude: 11.8311, longitude: 13.151 },
  { name: "Damaturu", state: "Yobe", latitude: 11.747, longitude: 11.9608 },
  { name: "Potiskum", state: "Yobe", latitude: 11.7128, longitude: 11.078 },
  { name: "Sokoto", state: "Sokoto", latitude: 13.0059, longitude: 5.2476 },
  { name: "Birnin Kebbi", state: "Kebbi", latitude: 12.4539, longitude: 4.1975 },
  { name: "Gusau", state: "Zamfara", latitude: 12.1704, longitude: 6.6641 },
  { name: "Benin City", state: "Edo", latitude: 6.335, longitude: 5.6037 },
  { name: "Auchi", state: "Edo", latitude: 7.0667, longitude: 6.2667 },
  { name: "Asaba", state: "Delta", latitude: 6.198, longitude: 6.7319 },
  { name: "Warri", state: "Delta", latitude: 5.5167, longitude: 5.75 },
  { name: "Sapele", state: "Delta", latitude: 5.8941, longitude: 5.6767 },
  { name: "Enugu", state: "Enugu", latitude: 6.4584, longitude: 7.5464 },
  { name: "Nsukka", state: "Enugu", latitude: 6.8567, longitude: 7.3958 },
  { name: "Awka", state: "Anambra", latitude: 6.2106, longitude: 7.0742 },
  { name: "Onitsha", state: "Anambra", latitude: 6.1498, longitude: 6.7857 },
  { name: "Nnewi", state: "Anambra", latitude: 6.0176, longitude: 6.917 },
  { name: "Owerri", state: "Imo", latitude: 5.484, longitude: 7.0351 },
  { name: "Okigwe", state: "Imo", latitude: 5.829, longitude: 7.3497 },
  { name: "Umuahia", state: "Abia", latitude: 5.525, longitude: 7.4922 },
  { name: "Aba", state: "Abia", latitude: 5.1066, longitude: 7.3667 },
  { name: "Abakaliki", state: "Ebonyi", latitude: 6.3249, longitude: 8.1137 },
  { name: "Afikpo", state: "Ebonyi", latitude: 5.8925, longitude: 7.9354 },
  { name: "Port Harcourt", state: "Rivers", latitude: 4.8156, longitude: 7.0498 },
  { name: "Yenagoa", state: "Bayelsa", latitude: 4.9247, longitude: 6.2676 },
  { name: "Uyo", state: "Akwa Ibom", latitude: 5.0377, longitude: 7.9128 },
  { name: "Eket", state: "Akwa Ibom", latitude: 4.6423, longitude: 7.9244 },
  { name: "Calabar", state: "Cross River", latitude: 4.9757, longitude: 8.3417 },
  { name: "Ikom", state: "Cross River", latitude: 5.9617, longitude: 8.7206 },
  { name: "Ogoja", state: "Cross River", latitude: 6.6584, longitude: 8.7992 },
  // Market towns of the north, where grain, cattle and produce change hands for whole regions.
  { name: "Mubi", state: "Adamawa", latitude: 10.2676, longitude: 13.2644 },
  { name: "Biu", state: "Borno", latitude: 10.6129, longitude: 12.1946 },
  { name: "Wudil", state: "Kano", latitude: 11.8094, longitude: 8.847 },
  { name: "Giwa", state: "Kaduna", latitude: 11.2686, longitude: 7.4247 },
  { name: "Kontagora", state: "Niger", latitude: 10.3999, longitude: 5.4695 },
  { name: "Kaura Namoda", state: "Zamfara", latitude: 12.5939, longitude: 6.5869 },
  { name: "Malumfashi", state: "Katsina", latitude: 11.7873, longitude: 7.6206 },
  { name: "Hadejia", state: "Jigawa", latitude: 12.4498, longitude: 10.0444 },
  { name: "Azare", state: "Bauchi", latitude: 11.6765, longitude: 10.1948 },
  { name: "Ikot Ekpene", state: "Akwa Ibom", latitude: 5.1808, longitude: 7.7148 },
];

/** The capital of each of the 36 states and of the Federal Capital Territory, as NIGERIAN_TOWNS names it. */
export const STATE_CAPITALS: Readonly<Record<string, string>> = {
  Abia: "Umuahia",
  Adamawa: "Yola",
  "Akwa Ibom": "Uyo",
  Anambra: "Awka",
  Bauchi: "Bauchi",
  Bayelsa: "Yenagoa",
  Benue: "Makurdi",
  Borno: "Maiduguri",
  "Cross River": "Calabar",
  Delta: "Asaba",
  Ebonyi: "Abakaliki",
  Edo: "Benin City",
  Ekiti: "Ado-Ekiti",
  Enugu: "Enugu",
  FCT: "Abuja",
  Gombe: "Gombe",
  Imo: "Owerri",
  Jigawa: "Dutse",
  Kaduna: "Kaduna",
  Kano: "Kano",
  Katsina: "Katsina",
  Kebbi: "Birnin Kebbi",
  Kogi: "Lokoja",
  Kwara: "Ilorin",
  Lagos: "Ikeja",
  Nasarawa: "Lafia",
  Niger: "Minna",
  Ogun: "Abeokuta",
  Ondo: "Akure",
  Osun: "Osogbo",
  Oyo: "Ibadan",
  Plateau: "Jos",
  Rivers: "Port Harcourt",
  Sokoto: "Sokoto",
  Taraba: "Jalingo",
  Yobe: "Damaturu",
  Zamfara: "Gusau",
};

const normalise = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Finds a town by a typed name ("port harcourt", "Ile Ife", "ibadan, oyo"); exact names first, then prefixes. */
export function findTown(query: string): Town | undefined {
  const wanted = normalise(query.split(",")[0] ?? "");
  if (!wanted) return undefined;
  return (
    NIGERIAN_TOWNS.find((town) => normalise(town.name) === wanted) ??
    NIGERIAN_TOWNS.find((town) => normalise(town.name).startsWith(wanted)) ??
    NIGERIAN_TOWNS.find((town) => normalise(town.state) === wanted)
  );
}

/** The known town nearest to a point (straight-line distance), for a place given only as coordinates. */
export function nearestTown(latitude: number, longitude: number): Town {
  let best = NIGERIAN_TOWNS[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const town of NIGERIAN_TOWNS) {
    const distance = distanceKm({ latitude, longitude }, town);
    if (distance < bestDistance) {
      best = town;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The town a listing's price counts for: the known town its locality names ("ibadan, oyo" is
 * Ibadan), else the known town nearest its coordinates, else the locality's first part as typed
 * (spaces tidied), else null (nowhere said).
 */
export function priceTown(place: { locality: string | null; latitude: number | null; longitude: number | null }) {
  const typed = place.locality?.split(",")[0]?.replace(/\s+/g, " ").trim() ?? "";
  const named = typed ? NIGERIAN_TOWNS.find((town) => normalise(town.name) === normalise(typed)) : undefined;
  if (named) return named.name;
  if (place.latitude !== null && place.longitude !== null) return nearestTown(place.latitude, place.longitude).name;
  return typed || null;
}
