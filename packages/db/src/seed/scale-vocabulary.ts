import type { Random } from "../factories/create-random.ts";

// Words for the scale data set's texts (reviews, comments, forum topics and posts), drawn with a Zipf-like law so
// full-text search meets what it meets on a real site: a handful of words in most texts, some in tens of thousands
// of rows, a long tail of words found in a few rows only. The head is real English a cam community writes; the tail
// is made-up words built from syllables (names, slang, typos), each rarer than the one before.

const HEAD = `show chat friendly room private tips camera smile evening regulars music dance voice funny sweet
  beautiful online week night morning weekend stream lovely great favourite nice talk laugh schedule hours conversation
  fun shy new tippers goal menu games light sound quality toys outfit hair eyes style personality attention welcome
  mood playlist lighting background wig costume stockings heels lingerie couple boyfriend girlfriend roommate guest
  moderator fan club ticket spy group exclusive cam2cam camscore rank tokens gold credits premium free public
  interactive lovense vibe wheel dice tipmenu countdown timer birthday holiday christmas halloween summer winter beach
  garden kitchen bedroom shower balcony travel hotel city country romania colombia ukraine russia usa canada spain
  italy germany brazil philippines thailand english spanish russian accent language laughter honest genuine kind
  rude boring quiet loud energetic relaxed patient slow fast late early always sometimes rarely never recommend
  worth disappointed amazing awesome gorgeous cute pretty sexy natural petite curvy tall blonde brunette redhead
  tattoos piercings glasses freckles dimples legs feet smile teasing flirty playful naughty elegant classy wild
  stream lag buffering connection wifi hd resolution webcam microphone headset keyboard phone app browser desktop
  mobile chrome token price expensive cheap value discount offer promo deal bonus`;

const ONSETS = [
  "b",
  "br",
  "c",
  "ch",
  "d",
  "dr",
  "f",
  "g",
  "gr",
  "j",
  "k",
  "l",
  "m",
  "n",
  "p",
  "pr",
  "r",
  "s",
  "sh",
  "st",
  "t",
  "tr",
  "v",
  "z",
];
const VOWELS = ["a", "e", "i", "o", "u", "ia", "ie", "ou", "ea", "y"];
const CODAS = ["", "", "", "n", "r", "s", "l", "x", "k", "m"];

/** The head words in order of frequency, then `tailSize` distinct made-up words (deterministic for a Random). */
export function buildScaleVocabulary(random: Random, tailSize: number): string[] {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const word of HEAD.split(/\s+/)) {
    if (word && !seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  const target = words.length + tailSize;
  while (words.length < target) {
    let word = "";
    const syllables = random.int(2, 4);
    for (let s = 0; s < syllables; s++) word += random.pick(ONSETS) + random.pick(VOWELS);
    word += random.pick(CODAS);
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/**
 * Draws word ranks with density ∝ 1/rank (a log-uniform draw): with 30,000 words the first is about 7 % of all
 * words written, the 50th is in a quarter of 150-word reviews, the 10,000th in a few dozen.
 */
export function createTextWriter(random: Random, vocabulary: readonly string[]) {
  const logSize = Math.log(vocabulary.length + 1);
  const word = () => vocabulary[Math.floor(Math.exp(random.next() * logSize)) - 1]!;
  return {
    /** Words as sentences: capitalised, 5–14 words each, a full stop after each. */
    text(words: number): string {
      const sentences: string[] = [];
      let left = words;
      while (left > 0) {
        const length = Math.min(left, random.int(5, 14));
        const parts: string[] = [];
        for (let i = 0; i < length; i++) parts.push(word());
        const first = parts[0]!;
        parts[0] = first.charAt(0).toUpperCase() + first.slice(1);
        sentences.push(`${parts.join(" ")}.`);
        left -= length;
      }
      return sentences.join(" ");
    },
    /** A title: capitalised words, no full stop. */
    title(words: number): string {
      const parts: string[] = [];
      for (let i = 0; i < words; i++) parts.push(word());
      const first = parts[0]!;
      parts[0] = first.charAt(0).toUpperCase() + first.slice(1);
      return parts.join(" ");
    },
  };
}
