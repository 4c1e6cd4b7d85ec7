// Nigerian mobile numbers: read as people write them (0803 123 4567,
// 08031234567, 803 123 4567, +234 803 123 4567, 234-803-123-4567), kept in E.164
// (+2348031234567). Isomorphic: the profile form checks as the seller types.

/** The ten digits after +234 of a mobile line: 070x, 080x, 081x, 090x, 091x. */
const MOBILE_SUBSCRIBER = /^(?:70|80|81|90|91)\d{8}$/;

/** The number in E.164 (+234 and ten digits), or null when it is not a Nigerian mobile number. */
export function normaliseNigerianPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\u00a0.()-]/g, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  let subscriber: string;
  if (compact.startsWith("+")) {
    if (!compact.startsWith("+234")) return null;
    subscriber = compact.slice(4);
  } else if (compact.startsWith("234") && compact.length >= 13) {
    subscriber = compact.slice(3);
  } else if (compact.startsWith("0")) {
    subscriber = compact.slice(1);
  } else if (compact.length === 10) {
    // "803 123 4567": the number without its trunk 0, as the +234 form is often read out.
    subscriber = compact;
  } else {
    return null;
  }
  // "+234 (0) 803..." and "2340803...": the trunk 0 written after the country code.
  if (subscriber.length === 11 && subscriber.startsWith("0")) subscriber = subscriber.slice(1);
  return MOBILE_SUBSCRIBER.test(subscriber) ? `+234${subscriber}` : null;
}

/** An E.164 Nigerian number as read aloud at home: "0803 123 4567". */
export function formatNigerianPhone(e164: string): string {
  const national = e164.startsWith("+234") ? `0${e164.slice(4)}` : e164;
  return /^0\d{10}$/.test(national) ? `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}` : e164;
}

/** The digits WhatsApp's wa.me links want: the country code and number, no "+". */
export const whatsappDigits = (e164: string) => e164.replace(/\D/g, "");
