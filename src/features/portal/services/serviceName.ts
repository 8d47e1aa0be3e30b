import type { Service } from '../../../domain/service.ts'

// service_number (the SIM's phone number): the sidebar already shows service_reference as "Service Number", so each is shown once.
export const serviceName = (service: Service): string => service.service_number ?? service.service_reference
