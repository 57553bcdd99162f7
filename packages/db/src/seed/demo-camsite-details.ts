import type { Random } from "../factories/create-random.ts";

export interface CamsiteDetails {
  headline: string;
  priceRange: string;
  /** Pipe separated, as the spec stores them. */
  advantages: string;
  disadvantages: string;
}

// Editorial copy for the big sites; the rest get plausible generic copy.
const KNOWN: Readonly<Record<number, CamsiteDetails>> = {
  33: {
    headline: "The biggest free cam community, run on tokens",
    priceRange: "$0.05–$0.10 per token",
    advantages:
      "Huge choice of free shows|Interactive toys everywhere|Fair token prices|Works well on mobile",
    disadvantages: "Crowded rooms|Many bots in chat|Private shows can get expensive",
  },
  36: {
    headline: "Modern cam site with VR and mobile-first shows",
    priceRange: "$0.06–$0.10 per token",
    advantages: "VR and 4K shows|Good search filters|Lots of new models|Cheap group shows",
    disadvantages: "Aggressive upsells|Some features need an Ultimate membership",
  },
  12: {
    headline: "The classic free cam site with a loyal community",
    priceRange: "$0.05–$0.11 per token",
    advantages: "Friendly regulars|Club shows|Strong model rankings (camscore)|Free to watch",
    disadvantages: "Dated interface|Video quality varies|Few couples",
  },
  2: {
    headline: "Premium private shows with high production quality",
    priceRange: "$0.98–$9.99 per minute",
    advantages: "HD and professional studios|Discreet billing|Generous welcome bonus",
    disadvantages: "Little nudity in free chat|Per-minute pricing adds up",
  },
  18: {
    headline: "Veteran site for interactive VIP and group shows",
    priceRange: "$1.99–$6.99 per minute",
    advantages: "Group and VIP shows|Fan club perks|Reliable streams",
    disadvantages: "Smaller model count|Free chat is limited",
  },
  3: {
    headline: "European favourite with many Eastern European models",
    priceRange: "$0.05–$0.11 per token",
    advantages: "Many models online|Cheap group shows|Frequent promotions",
    disadvantages: "Busy layout|Ads and pop-ups",
  },
  1: {
    headline: "Amateur cams from around the world",
    priceRange: "$0.08–$0.10 per token",
    advantages: "Real amateurs|Lots of couples and men|Free to watch",
    disadvantages: "Quality varies a lot|Search could be better",
  },
};

const HEADLINES = [
  "Live cam shows with a friendly community",
  "Private and group cam shows, pay as you go",
  "Cam girls from Europe and Latin America",
  "Niche cam site with loyal regulars",
];
const ADVANTAGES = [
  "Free registration",
  "HD streams",
  "Cheap private shows",
  "Mobile friendly",
  "Good model search",
  "Loyalty rewards",
  "Discreet billing",
];
const DISADVANTAGES = [
  "Fewer models online",
  "Dated design",
  "Limited free chat",
  "Few couples",
  "Pricey privates",
  "Slow support",
];

export function camsiteDetails(random: Random, camSiteId: number): CamsiteDetails {
  const known = KNOWN[camSiteId];
  if (known) return known;
  const token = random.chance(0.5);
  return {
    headline: random.pick(HEADLINES),
    priceRange: token
      ? `$0.0${random.int(5, 9)}–$0.1${random.int(0, 2)} per token`
      : `$0.${random.int(49, 99)}–$${random.int(3, 9)}.99 per minute`,
    advantages: random.sample(ADVANTAGES, random.int(2, 4)).join("|"),
    disadvantages: random.sample(DISADVANTAGES, random.int(1, 3)).join("|"),
  };
}
