// "add to cart" taps on a server-rendered page before the app has taken it over. The page shows its cards
// while the app's script is still loading (seconds on a slow phone); this script is tiny and loads async, so
// it listens long before the app. It keeps the tapped product ids, in order, on #root (data-first-taps); the
// app marks #root with data-app when it takes over, then adds those products (src/app/firstTaps.ts).
document.addEventListener(
  'click',
  (event) => {
    const root = document.getElementById('root')
    const button = event.target instanceof Element ? event.target.closest('[data-adds-product]') : null
    if (!root || !button || root.hasAttribute('data-app')) return
    const taps = root.dataset.firstTaps ? root.dataset.firstTaps.split(',') : []
    root.dataset.firstTaps = [...taps, button.getAttribute('data-adds-product')].join(',')
  },
  true,
)
