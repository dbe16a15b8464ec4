import { defineErrors } from '../../lib/errors.js';

export const adminErrors = defineErrors({
  USER_NOT_FOUND: ['NOT_FOUND', { en: 'No user has this email.', mr: 'या ईमेलचा कोणताही वापरकर्ता नाही.' }],
  OWN_ROLE: ['FORBIDDEN', { en: 'You cannot change your own role.', mr: 'तुम्ही स्वतःची भूमिका बदलू शकत नाही.' }],
  SUPERADMIN_ROLE: ['FORBIDDEN', { en: "A superadmin's role cannot be changed here.", mr: 'सुपरॲडमिनची भूमिका येथे बदलता येत नाही.' }],
  DELETE_SELF: ['FORBIDDEN', { en: 'You cannot delete your own account.', mr: 'तुम्ही स्वतःचे खाते हटवू शकत नाही.' }],
  DELETE_SUPERADMIN: ['FORBIDDEN', { en: 'A superadmin cannot be deleted.', mr: 'सुपरॲडमिन हटवता येत नाही.' }],
});
