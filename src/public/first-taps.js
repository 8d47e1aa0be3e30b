// "add to cart" taps on a server-rendered page before the app has taken it over. The page shows its cards
// while the app's script is still loading (seconds on a slow phone); this script is tiny and loads async, so
// it listens long before the app. Each tap is kept in localStorage ('first-taps': [{ id, product, at }], the
// product read from the page's catalogue data block), so it outlives the page: a reload or a tap on a link
// before the app runs loses nothing. The app marks #root with data-app when it takes over, then commits each
// tap as one fact whose id is the tap's, and forgets it (src/lib/firstTaps.ts). Without localStorage the taps
// wait on #root (data-first-taps) for this page's app only.
document.addEventListener(
  'click',
  (event) => {
    const root = document.getElementById('root')
    const button = event.target instanceof Element ? event.target.closest('[data-adds-product]') : null
    if (!root || !button || root.hasAttribute('data-app')) return
    let product
    try {
      const block = document.getElementById('first-paint')
      const id = Number(button.getAttribute('data-adds-product'))
      product = JSON.parse(block?.textContent || '{}').products.find((p) => p.id === id)
    } catch (_) {}
    if (!product) return
    const random = crypto.randomUUID ? crypto.randomUUID() : Date.now().toString(36) + Math.random().toString(36).slice(2)
    const tap = { id: `tap-${random}`, product, at: new Date().toISOString() }
    try {
      const kept = JSON.parse(localStorage.getItem('first-taps') || '[]')
      localStorage.setItem('first-taps', JSON.stringify(kept.concat(tap)))
    } catch (_) {
      const kept = JSON.parse(root.dataset.firstTaps || '[]')
      root.dataset.firstTaps = JSON.stringify(kept.concat(tap))
    }
  },
  true,
)
