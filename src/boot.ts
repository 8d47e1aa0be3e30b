// The app starts one frame after the page is on screen: a page the server drew paints at once, before the
// browser spends time running the app's code. The server's preload hints fetch that code meanwhile.
requestAnimationFrame(() => setTimeout(() => void import('./main.tsx')))
