// "a" or "an" before a word as it is read aloud: GPU models are spelled out letter by letter ("an H100", "an
// L4", "a T4"), numbers read as numbers ("an 8.0", "an 11.2", "a 10.16"), other words by their first letter.

/** Letters whose names start with a vowel sound, read on their own (A, E, F, H, I, L, M, N, O, R, S, X). */
const VOWEL_LETTERS = /^[AEFHILMNORSX]/;

/** `word` with its article: "an H100", "a T4", "an 8.0", "an A100 40GB", "a linux". */
export function withArticle(word: string): string {
  return `${anBefore(word) ? 'an' : 'a'} ${word}`;
}

function anBefore(word: string): boolean {
  const number = /^(\d+)/.exec(word);
  // 8, 11, 18, 80-89, 800-899 and 8000…, 11000…, 18000…: the numbers read aloud with a vowel sound first.
  if (number) return /^(8|11|18)$/.test(number[1]!) || /^8\d*$/.test(number[1]!) || /^(11|18)\d{3}$/.test(number[1]!);
  // An acronym or a model (capitals, or a capital then digits): spelled letter by letter.
  if (/^[A-Z]{1,4}(\d|[- ]|$)/.test(word) || /^[A-Z]{2,}/.test(word)) return VOWEL_LETTERS.test(word);
  return /^[aeiou]/i.test(word);
}
