import { createContext, useContext } from 'react'
import * as v from 'valibot'
import { type Brand, BrandSchema, brandElementId } from '../domain/brand.ts'

// Outside a page (unit tests of components) a neutral name stands in; the server renders first pages with its own.
const outsidePage: Brand = {
  name: 'Storefront',
  shortName: 'Storefront',
  themeColour: '#0b4f9c',
  themeColourDark: '#083b75',
  footer: 'Storefront',
  supportPhone: '',
  logo: '/favicon.svg',
}

function readPageBrand(): Brand {
  if (typeof document === 'undefined' || typeof document.getElementById !== 'function') return outsidePage
  const text = document.getElementById(brandElementId)?.textContent
  return text ? v.parse(BrandSchema, JSON.parse(text)) : outsidePage
}

/** The brand the page was served with (the server writes it in). */
export const pageBrand: Brand = readPageBrand()

/** The brand the screens show: the page's, or the one the server's renderer of first pages gives. */
export const BrandContext = createContext<Brand>(pageBrand)

/** The reseller's brand: the name, short name, footer, support phone and logo the screens show. */
export const useBrand = (): Brand => useContext(BrandContext)
