/** The built-in frame templates: documents drawn from shapes and text only (no images). */
import { celebrationTemplates } from './celebrationTemplates.ts';
import { decorativeTemplates } from './decorativeTemplates.ts';
import { governmentTemplates } from './governmentTemplates.ts';
import { nationalDayTemplates } from './nationalDayTemplates.ts';
import { socialTemplates } from './socialTemplates.ts';
import { sportsTemplates } from './sportsTemplates.ts';
import type { DesignTemplate } from './templateKit.ts';

export type { DesignTemplate } from './templateKit.ts';

export const DESIGN_TEMPLATES: readonly DesignTemplate[] = [
  ...celebrationTemplates,
  ...nationalDayTemplates,
  ...sportsTemplates,
  ...socialTemplates,
  ...decorativeTemplates,
  ...governmentTemplates,
];

export function findTemplate(id: string): DesignTemplate | undefined {
  return DESIGN_TEMPLATES.find((template) => template.id === id);
}
