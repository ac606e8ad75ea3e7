import type {
  AdminTokenInfo,
  ApiKeyVerification,
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
} from '@sharebin/shared';
import { api } from '../../app/api-client';

export const authApi = {
  login: (body: LoginRequest) =>
    api.post<LoginResponse | null>('/admin/login', body, {
      auth: 'none',
      onUnauthorized: 'report',
    }),
  logout: () => api.post<null>('/admin/logout', undefined, { onUnauthorized: 'report' }),
  verifyAdminToken: (token: string) =>
    api.get<AdminTokenInfo>('/test/admin-token', {
      auth: { scheme: 'Bearer', token },
      onUnauthorized: 'report',
    }),
  verifyApiKey: (key: string) =>
    api.get<ApiKeyVerification | null>('/test/api-key', {
      auth: { scheme: 'ApiKey', key },
      onUnauthorized: 'report',
    }),
  /** The signed-in key's own details (expiry included), for the account panel. */
  currentApiKey: () => api.get<ApiKeyVerification | null>('/test/api-key'),
  changePassword: (body: ChangePasswordRequest) =>
    api.post<null>('/admin/change-password', body, { onUnauthorized: 'report' }),
};
