import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../../components/text-field.tsx';
import './auth.css';

/** The centred card of the sign-in pages: a title, a line under it, then the form and links. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>{title}</h1>
        <p className="muted center">{intro}</p>
        {children}
      </div>
    </div>
  );
}

/** A new password under sign-up's rules (register, reset), with the rules as its hint. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'>) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
      {...props}
    />
  );
}
