import { BRANDING_LOGO_PURPOSE } from '@paydesk/domain/files/upload-purposes';
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/files.ts';

/**
 * POST {base}/file with purpose=business_logo: the logo is stored at once, and the settings name
 * its id (`account_branding_logo`) when they are saved.
 */
export function useUploadLogo() {
  return useMutation({ mutationFn: (file: File) => uploadFile(BRANDING_LOGO_PURPOSE, file) });
}
