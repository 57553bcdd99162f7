import type { Random } from "./create-random.ts";

/** Splits a whitespace separated word list (keeps long lists compact). */
function words(text: string): string[] {
  return text.trim().split(/\s+/);
}

// Stage names as camgirls pick them: a common first name and a soft, memorable surname.
export const MODEL_FIRST_NAMES: readonly string[] = words(`
  Luna Mia Sofia Valentina Isabella Camila Emma Olivia Ava Chloe Lily Aria Nora Ella Zoe Stella Ruby
  Ivy Jade Hazel Scarlett Violet Aurora Naomi Alina Anastasia Katya Daria Milena Polina Vera Alisa
  Sasha Nika Irina Elena Bianca Ioana Andreea Denisa Larisa Roxana Daniela Mariana Gabriela Juliana
  Paola Natalia Lucia Ximena Salome Antonella Manuela Catalina Mariposa Abril Luciana Renata
  Alejandra Carla Amber Bella Candy Cherry Crystal Destiny Ginger Honey Kitty Lexi Lola Maddie Nikki
  Penny Roxy Sunny Tiffany Vanessa Wendy Trixie Hana Yuki Mei Sakura Aiko Lin Kim Nari Mali Dara
  Amara Zuri Nia Imani Kali Ebony Aaliyah Jasmine Layla Yasmin Freya Astrid Elsa Ingrid Greta Heidi
  Lena Mila Kira Tara Eva Anna Kate Sara Amy Julia Nina Rita Sabrina Vicky
`);

export const MODEL_LAST_NAMES: readonly string[] = words(`
  Rivers Storm Rose Blake Knight Moon Star Sky Belle Hart Lane Love Grey Vega Reyes Cruz Diaz Lopez
  Moreno Castillo Ivanova Petrova Sokolova Volkova Popescu Ionescu Dumitru Stan Marin Kovacs Summers
  Winters Frost Dawn Fox Wolfe Bloom Pearl Diamond Sinclair Monroe Sterling Hayes Parker Quinn Reed
  Sage Stone Wilde Young Cherie Dior Lace Silk Velvet Honey Sweet Candy Angel Divine Rain Ocean
  Brooks Hill Woods Heart Kiss Bliss Glow Shine Santos Silva Herrera Rojas Vargas Mendez Ortiz
  Navarro Romero Suarez
`);

export const USER_FIRST_NAMES: readonly string[] = words(`
  James John Robert Michael David Daniel Mark Paul Steven Kevin Brian Jason Eric Ryan Adam Alex Chris
  Tom Max Leo Lukas Jonas Felix Marco Luca Pierre Hugo Pablo Diego Carlos Ivan Dmitri Sergei Pavel
  Andrei Mihai Jan Piotr Tomas Oliver Emily Sarah Laura Anna Maria Kate Lisa Nina
`);

export const USER_LAST_NAMES: readonly string[] = words(`
  Smith Johnson Brown Miller Wilson Taylor Anderson Thomas Moore Martin Clark Lewis Walker Hall Allen
  King Wright Scott Green Baker Muller Schmidt Fischer Weber Rossi Bianchi Dubois Garcia Novak
  Kowalski Petrov Smirnov Horvat Nielsen Jensen Larsen Berg Lindqvist Costa Ferreira
`);

export interface PersonName {
  firstName: string;
  lastName: string;
}

export function generateModelName(random: Random): PersonName {
  return { firstName: random.pick(MODEL_FIRST_NAMES), lastName: random.pick(MODEL_LAST_NAMES) };
}

export function generateUserName(random: Random): PersonName {
  return { firstName: random.pick(USER_FIRST_NAMES), lastName: random.pick(USER_LAST_NAMES) };
}

const USER_NICK_WORDS = words(`
  fan cam night owl wolf rider viewer lover king ghost tipper chill lurker hunter pilot bear shadow storm blue red
`);

/** Forum-style user handles ("mike_wolf77", "NightOwl_tom"); at most 32 characters like users.nick_name. */
export function generateUserNickName(random: Random, name: PersonName): string {
  const first = name.firstName.toLowerCase();
  const word = random.pick(USER_NICK_WORDS);
  const digits = String(random.int(1, 99));
  const styles = [
    () => `${first}_${word}${digits}`,
    () => `${capitalize(word)}${name.firstName}`,
    () => `${first}${name.lastName.charAt(0).toLowerCase()}${random.int(70, 99)}`,
    () => `${word}_${first}`,
    () => `${capitalize(word)}${capitalize(random.pick(USER_NICK_WORDS))}${digits}`,
  ];
  return random.pick(styles)().slice(0, 32);
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** URL slug: lowercase ASCII words joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
