/**
 * A column a phone's width leaves out: what a row is (its name, its state, its actions) stays in
 * view, details that would push the actions off the screen show from 600 px up.
 */
export const WIDE_SCREEN_COLUMN = { display: { xs: 'none', sm: 'table-cell' } } as const;
