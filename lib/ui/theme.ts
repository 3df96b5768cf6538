/**
 * The theme a browser chose (decision 070): kept in its localStorage, absent for the system's own
 * setting. THEME_SCRIPT runs inline in <head>, before the first paint, and again when another tab
 * changes the choice; the CSP allows it by THEME_SCRIPT_HASH.
 */
export const THEME_KEY = 'cd-theme';
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = Exclude<ThemeChoice, 'system'>;

export const THEME_SCRIPT = `(function(){var d=document.documentElement;function a(){var t=null;try{t=localStorage.getItem('${THEME_KEY}')}catch(e){}if(t==='light'||t==='dark')d.setAttribute('data-theme',t);else d.removeAttribute('data-theme')}a();addEventListener('storage',function(e){if(e.key==='${THEME_KEY}'||e.key===null)a()})})()`;

/** sha256 of THEME_SCRIPT, base64 (theme.test.ts holds it to the script). */
export const THEME_SCRIPT_HASH = 'sha256-RYIbPo5F4IWrLIcLD/XOepX2wXLUmZCt7Tj+yC3PPi0=';
