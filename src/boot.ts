// The app starts one frame after the page is on screen: a page the server drew paints at once, before the
// browser spends time, or bandwidth its first images need, on the app's code (all of it asked for at once then).
requestAnimationFrame(() => setTimeout(() => void import('./main.tsx')))
