import { Card } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'

/** The card of the Notifications section and of the offer: headings sized as the profile's other cards. */
export const NotificationsCard = styled(Card)`
  margin-top: 16px;
  h2 { margin: 0 0 12px; font-size: 18px; }
  h3 { margin: 16px 0 8px; font-size: 16px; }
`
