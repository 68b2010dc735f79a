import { useNavigate, useSearchParams } from 'react-router-dom';
import { confirmEmailChangeSchema, PRODUCT_MESSAGES, ROUTES } from '../../../domain/index.ts';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { TextField } from '../../components/text-field.tsx';
import { useToast } from '../../components/toast.tsx';
import { useZodForm } from '../../components/use-zod-form.ts';
import { errorMessage } from '../../data/server/client.ts';
import { confirmEmailChange, refusedField } from '../../data/server/recovery.ts';
import { AuthCard } from './auth-card.tsx';

const CHANGE_FAILED = 'The email change could not be confirmed. Please try again.';

/**
 * /confirm-email-change?token=…, opened from the mail sent to the new address: PocketBase's
 * confirmation asks for the account's password. Success ends this browser's session (the token
 * key changed) and goes to /login with a toast.
 */
export function ConfirmEmailChangePage() {
  const toast = useToast();
  const submit = useSubmitWithToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(confirmEmailChangeSchema, { defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    const token = params.get('token') ?? '';
    if (!token) {
      toast.error(PRODUCT_MESSAGES.emailChangeLinkInvalid);
      return;
    }
    const confirmed = await submit(() => confirmEmailChange(token, password), {
      success: PRODUCT_MESSAGES.emailChangeConfirmed,
      failed: (error) => {
        const refusal = refusedField(error);
        if (refusal === 'password') return PRODUCT_MESSAGES.currentPasswordWrong;
        if (refusal === 'link') return PRODUCT_MESSAGES.emailChangeLinkInvalid;
        return errorMessage(error, CHANGE_FAILED);
      },
    });
    if (confirmed) navigate(ROUTES.login.path, { replace: true });
  });

  return (
    <AuthCard
      title="Confirm Your New Email"
      intro="Enter your password to make this address the email of your account."
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Confirm email change">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
          {isSubmitting ? 'Confirming…' : 'Confirm New Email'}
        </button>
      </form>
    </AuthCard>
  );
}
