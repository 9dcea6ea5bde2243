/** The team, fictional but plausible. Names are not translated; roles and bios live in the locale files. */
export const PERSONNEL = [
  { slug: 'ayu-lestari', name: 'Ayu Lestari', initials: 'AL' },
  { slug: 'bima-pratama', name: 'Bima Pratama', initials: 'BP' },
  { slug: 'citra-wulandari', name: 'Citra Wulandari', initials: 'CW' },
  { slug: 'daniel-hartono', name: 'Daniel Hartono', initials: 'DH' },
  { slug: 'eka-putri', name: 'Eka Putri', initials: 'EP' },
] as const;

export type PersonSlug = (typeof PERSONNEL)[number]['slug'];
