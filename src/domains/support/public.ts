/** What other domains and the app shell use of domains/support; everything else in the folder is private to it. */
export { type SupportResultData, clearSupportResult, setSupportResult } from './supportResult.ts';
export { defaultBackgroundChoice } from './backgroundChoices.ts';
export { type ResultRecipe, renderRecipe } from './resultRecipe.ts';
