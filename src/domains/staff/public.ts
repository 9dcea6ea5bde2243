/** What routes and other domains use of domains/staff; everything else in the folder is private to it. */
export { StaffConsole } from './StaffConsole.tsx';
export { useIsStaff } from './useIsStaff.ts';
