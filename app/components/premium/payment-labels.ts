// How a payment was made, as a translation key: the provider's channel names (an unknown one is "other").

const CHANNELS = ["card", "bank_transfer", "ussd", "bank"] as const;

/** The key under premium.channels for a provider's channel. */
export function channelKey(channel: string): (typeof CHANNELS)[number] | "other" {
  return (CHANNELS as readonly string[]).includes(channel) ? (channel as (typeof CHANNELS)[number]) : "other";
}
