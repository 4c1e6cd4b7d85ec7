import { BlockList, isIP } from "node:net";

// Addresses an outside service calls from (AT_ALLOWED_IPS): single addresses or CIDR ranges, IPv4
// or IPv6. An IPv4 caller seen through an IPv6 socket (::ffff:41.1.2.3) counts as its IPv4 self.

/** "41.1.2.3", "41.0.0.0/8", "2c0f:fe08::/32": what AT_ALLOWED_IPS may hold. */
export function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split("/");
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** The list as one BlockList to ask of; entries are checked by the configuration first. */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Whether `address` (as the socket or a trusted proxy gave it) is on the list. */
export function isListed(list: BlockList, address: string): boolean {
  const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 6 ? "ipv6" : "ipv4");
}
