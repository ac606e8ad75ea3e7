import {
  maxUploadSizeSchema,
  systemSettingsSchema,
  updateSystemSettingsRequestSchema,
} from '@sharebin/shared';
import { type AnyRoute, route } from '../../app/route';
import type { SettingsUseCases } from './settings.usecases';

export function createSettingsRoutes({ settings }: { settings: SettingsUseCases }): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/admin/system-settings',
      tag: 'settings',
      summary: 'Read the system settings',
      auth: 'admin',
      response: systemSettingsSchema,
      handler: () => settings.read(),
    }),
    route({
      method: 'put',
      path: '/admin/system-settings',
      tag: 'settings',
      summary: 'Change some system settings',
      auth: 'admin',
      body: updateSystemSettingsRequestSchema,
      response: systemSettingsSchema,
      handler: ({ body }) => settings.update(body),
    }),
    route({
      method: 'get',
      path: '/system/max-upload-size',
      tag: 'settings',
      summary: 'The largest upload accepted (public)',
      auth: 'public',
      response: maxUploadSizeSchema,
      handler: () => settings.maxUploadSize(),
    }),
  ];
}
