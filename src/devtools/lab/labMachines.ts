import type { LabMachine, LabMachineId } from './labMachine.ts'
import { authLab } from './machines/authLab.ts'
import { bundlePurchaseLab } from './machines/bundlePurchaseLab.ts'
import { cartLab } from './machines/cartLab.ts'
import { outboxLab } from './machines/outboxLab.ts'
import { passwordResetLab } from './machines/passwordResetLab.ts'
import { paymentLab, paymentStatusLab, paymentWidgetLab } from './machines/paymentLab.ts'
import { profileEditLab } from './machines/profileEditLab.ts'
import { serviceChangeLab } from './machines/serviceChangeLab.ts'
import { signupLab } from './machines/signupLab.ts'
import { simRenameLab } from './machines/simRenameLab.ts'

/** Every machine the lab drives, in the order the tester sees them. */
export const labMachines: Record<LabMachineId, LabMachine> = {
  auth: authLab,
  cart: cartLab,
  signup: signupLab,
  profileEdit: profileEditLab,
  passwordReset: passwordResetLab,
  payment: paymentLab,
  paymentWidget: paymentWidgetLab,
  paymentStatus: paymentStatusLab,
  bundlePurchase: bundlePurchaseLab,
  outbox: outboxLab,
  simRename: simRenameLab,
  serviceChange: serviceChangeLab,
}
