/**
 * The main actions in the sender's brand colour: the accent is readable on the page in each
 * theme (4.6:1), so white text on it in the light theme and the card's colour in the dark theme
 * are readable too.
 */
export const ACCENT_BUTTON = 'bg-(--dv-accent) text-white hover:bg-(--dv-accent)/90 dark:text-(--card)';
