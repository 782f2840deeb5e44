/**
 * The signature pad (signature_pad) for one of the job's documents: the statement the signer
 * agrees to, their printed name and their signature, saved with the time and position.
 */
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  FIELD_FILE_LIMITS,
  FIELD_RECORD_TEXT,
  SIGNATURE_DOCUMENT_TEXT,
  type SignedDocument,
} from '@pilbara/shared-schema';
import { saveSignature } from './field-record-actions';
import classes from './field-record.module.css';

function canvasPng(canvas: HTMLCanvasElement): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob.arrayBuffer());
      else reject(new Error('The signature could not be read'));
    }, 'image/png');
  });
}

/** What a signature pad saves: its PNG, pixel size and the printed name. */
export interface SignedPad {
  signerName: string;
  png: ArrayBuffer;
  width: number;
  height: number;
}

export function SignatureDialog({
  jobId,
  document,
  opened,
  onClose,
  statement,
  title,
  onSave,
}: {
  jobId: string;
  document: SignedDocument;
  opened: boolean;
  onClose: () => void;
  /** What the signer agrees to, when it depends on who signs (a crash tow's authority). */
  statement?: string;
  /** The dialog's title, when not the document's own. */
  title?: string;
  /**
   * Saves the pad somewhere else than the job's signatures (a yard release); resolves true when
   * kept. Without it the signature is the job's `signature.add`.
   */
  onSave?: (pad: SignedPad) => Promise<boolean>;
}) {
  const base = SIGNATURE_DOCUMENT_TEXT[document];
  const text = {
    ...base,
    statement: statement ?? base.statement,
    title: title ?? base.title,
  };
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [padError, setPadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return undefined;
    let pad: SignaturePad | null = null;
    // The canvas exists once the dialog has rendered its content.
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      // Draw at the screen's pixel density so the strokes stay sharp, in CSS pixels.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad = new SignaturePad(canvas, { penColor: '#111827', minWidth: 0.8, maxWidth: 2.6 });
      pad.addEventListener('beginStroke', () => setPadError(null));
      padRef.current = pad;
    });
    return () => {
      cancelAnimationFrame(frame);
      pad?.off();
      padRef.current = null;
    };
  }, [opened]);

  const close = () => {
    setName('');
    setNameError(null);
    setPadError(null);
    onClose();
  };

  const save = async () => {
    const signerName = name.trim();
    const pad = padRef.current;
    const canvas = canvasRef.current;
    const missingName = signerName === '';
    const missingSignature = !pad || pad.isEmpty();
    setNameError(missingName ? FIELD_RECORD_TEXT.signerNameRequired : null);
    setPadError(missingSignature ? FIELD_RECORD_TEXT.signatureRequired : null);
    if (missingName || missingSignature || !canvas) return;
    setSaving(true);
    try {
      const png = await canvasPng(canvas);
      const pad = { signerName, png, width: canvas.width, height: canvas.height };
      const saved = onSave ? await onSave(pad) : await saveSignature({ jobId, document, ...pad });
      if (saved) close();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={text.title} size="lg" fullScreen={false}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {text.signer}
        </Text>
        <Text size="sm">{text.statement}</Text>
        <TextInput
          label={FIELD_RECORD_TEXT.signerName}
          value={name}
          maxLength={FIELD_FILE_LIMITS.maxSignerName}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          autoComplete="off"
          required
        />
        <div>
          <canvas
            ref={canvasRef}
            className={classes.pad}
            data-error={padError ? 'true' : undefined}
            aria-label={`${text.title}: signature`}
            data-testid="signature-pad"
          />
          {padError && (
            <Text size="sm" c="red" mt={4} role="alert">
              {padError}
            </Text>
          )}
        </div>
        <Group justify="space-between">
          <Button variant="default" onClick={() => padRef.current?.clear()}>
            {FIELD_RECORD_TEXT.clearSignature}
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            {FIELD_RECORD_TEXT.saveSignature}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
