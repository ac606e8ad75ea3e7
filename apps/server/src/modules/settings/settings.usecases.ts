import type { SystemSettings, UpdateSystemSettingsRequest } from '@sharebin/shared';
import type { Clock } from '../shared/clock';
import { mergeSettings, toMaxUploadSize } from './settings.models';
import type { SettingsRepository } from './settings.repository';

export function createSettingsUseCases({
  repository,
  clock,
}: {
  repository: SettingsRepository;
  clock: Clock;
}) {
  const read = async (): Promise<SystemSettings> => mergeSettings(await repository.readAll());
  return {
    read,
    async update(changes: UpdateSystemSettingsRequest): Promise<SystemSettings> {
      await repository.writeMany(changes, clock.now());
      return read();
    },
    maxUploadSize: async () => toMaxUploadSize(await read()),
    /** What a WebDAV PUT needs, from one read: the upload limit and the upload mode. */
    webdavUploadRules: async () => {
      const settings = await read();
      return {
        maxBytes: toMaxUploadSize(settings).max_upload_size_bytes,
        mode: settings.webdav_upload_mode,
      };
    },
  };
}

export type SettingsUseCases = ReturnType<typeof createSettingsUseCases>;
