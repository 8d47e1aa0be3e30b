import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { lazyRouteComponent } from '@tanstack/react-router'
import { roleCan, type StaffPermission, type StaffRole } from '../domain/staff.ts'

/**
 * One staff screen: its path under /staff (TanStack Router's syntax, `$name` for a parameter), the permission a role
 * needs to use it (src/domain/staff.ts, the same the server's allow() checks), its label in the navigation (none: not
 * listed there, as a page reached from a list), the queue (server/staff/queues.ts) whose count it shows, and its
 * component, loaded when the screen is first opened. Each area adds its lines here.
 */
export interface StaffScreen {
  path: `/${string}`
  permission: StaffPermission
  label: MessageDescriptor
  nav: boolean
  queue?: string
  component: ReturnType<typeof lazyRouteComponent>
}

export const staffScreens: readonly StaffScreen[] = [
  {
    path: '/',
    permission: 'queues.read',
    label: msg`Home`,
    nav: true,
    component: lazyRouteComponent(() => import('./home/HomeScreen.tsx'), 'HomeScreen'),
  },
  {
    path: '/orders',
    permission: 'orders.search',
    label: msg`Orders`,
    nav: true,
    queue: 'toDispatch',
    component: lazyRouteComponent(() => import('./orders/OrdersScreen.tsx'), 'OrdersScreen'),
  },
  {
    path: '/orders/$number',
    permission: 'orders.read',
    label: msg`Order`,
    nav: false,
    component: lazyRouteComponent(() => import('./orders/OrderScreen.tsx'), 'OrderScreen'),
  },
  {
    path: '/customers',
    permission: 'customers.read',
    label: msg`Customers`,
    nav: true,
    component: lazyRouteComponent(() => import('./customers/CustomersScreen.tsx'), 'CustomersScreen'),
  },
  {
    path: '/customers/$id',
    permission: 'customers.read',
    label: msg`Customer`,
    nav: false,
    component: lazyRouteComponent(() => import('./customers/CustomerScreen.tsx'), 'CustomerScreen'),
  },
  {
    path: '/mails',
    permission: 'mails.read',
    label: msg`Failed mails`,
    nav: true,
    queue: 'failedMails',
    component: lazyRouteComponent(() => import('./mails/MailsScreen.tsx'), 'MailsScreen'),
  },
  {
    path: '/messages',
    permission: 'messages.read',
    label: msg`Messages`,
    nav: true,
    queue: 'openMessages',
    component: lazyRouteComponent(() => import('./messages/MessagesScreen.tsx'), 'MessagesScreen'),
  },
  {
    path: '/messages/$id',
    permission: 'messages.read',
    label: msg`Conversation`,
    nav: false,
    component: lazyRouteComponent(() => import('./messages/ThreadScreen.tsx'), 'ThreadScreen'),
  },
  {
    path: '/payments',
    permission: 'payments.read',
    label: msg`Refunds`,
    nav: true,
    queue: 'refundsDue',
    component: lazyRouteComponent(() => import('./payments/PaymentsScreen.tsx'), 'PaymentsScreen'),
  },
  {
    path: '/catalogue',
    permission: 'editCatalogue',
    label: msg`Catalogue`,
    nav: true,
    component: lazyRouteComponent(() => import('./catalogue/CatalogueScreen.tsx'), 'CatalogueScreen'),
  },
  {
    path: '/catalogue/packages/$id',
    permission: 'editCatalogue',
    label: msg`Package`,
    nav: false,
    component: lazyRouteComponent(() => import('./catalogue/PackageScreen.tsx'), 'PackageScreen'),
  },
  {
    path: '/catalogue/bundles/$id',
    permission: 'editCatalogue',
    label: msg`Bundle`,
    nav: false,
    component: lazyRouteComponent(() => import('./catalogue/BundleScreen.tsx'), 'BundleScreen'),
  },
  {
    path: '/team',
    permission: 'staff.read',
    label: msg`Team`,
    nav: true,
    component: lazyRouteComponent(() => import('./team/TeamScreen.tsx'), 'TeamScreen'),
  },
  {
    path: '/audit',
    permission: 'audit.read',
    label: msg`Audit log`,
    nav: true,
    component: lazyRouteComponent(() => import('./audit/AuditScreen.tsx'), 'AuditScreen'),
  },
]

/** The screens a role can use, in the registry's order. */
export const screensFor = (role: StaffRole, screens: readonly StaffScreen[] = staffScreens) => screens.filter((screen) => roleCan(role, screen.permission))

/** The navigation's entries for a role. */
export const navigationFor = (role: StaffRole, screens: readonly StaffScreen[] = staffScreens) => screensFor(role, screens).filter((screen) => screen.nav)
