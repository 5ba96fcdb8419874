/**
 * India Post writes place names in capitals ("MUMBAI SUBURBAN"); shoppers read
 * them as "Mumbai Suburban". Joining words stay lower-case inside a name
 * ("Jammu and Kashmir"); letters after a hyphen, a dot or a bracket start a word.
 */
const JOINING_WORDS = new Set(['and', 'of', 'the', 'on']);

export function titleCasePlace(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word, i) => (i > 0 && JOINING_WORDS.has(word) ? word : word.replace(/(^|[-.(&/])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())))
    .join(' ');
}
