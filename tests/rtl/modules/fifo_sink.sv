// A ready/valid FIFO sink as an RTL designer might write it, with its own port names:
// s_* is the stream in, deq_* the consumer's side. timing.md section 2's timing: s_ready is
// !full from the count at the start of the cycle; a pop happens in a cycle where deq_en is
// high and the FIFO held a beat at its start; popped_q is high the cycle after each pop.
// The occupancy is not a port: creditflow reads `count` through VPI (public_flat_rd).
// MUTANT = 1 takes a beat while full when it pops in the same cycle, a common shortcut
// that timing.md section 2 does not allow. LOSSY = 1 is always ready and drops (and counts, on
// `drops`) a beat that meets a FIFO full at the start of its cycle.
module fifo_sink #(
    parameter int DEPTH = 4,
    parameter int MUTANT = 0,
    parameter int LOSSY = 0
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        s_valid,
    output logic        s_ready,
    input  logic [63:0] s_data,
    input  logic        deq_en,
    output logic        deq_valid,
    output logic [63:0] deq_data,
    output logic        popped_q,
    output logic [31:0] drops
);
  localparam int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  logic [63:0] mem[DEPTH];
  logic [AW-1:0] rd, wr;
  logic [15:0] count /*verilator public_flat_rd*/;

  assign deq_valid = deq_en && count != 0;
  assign deq_data = mem[rd];
  logic full, store;
  assign full = count == 16'(DEPTH);
  assign s_ready = LOSSY != 0 || !full || (MUTANT != 0 && deq_valid);
  assign store = s_valid && s_ready && !(LOSSY != 0 && full);

  function automatic logic [AW-1:0] next(input logic [AW-1:0] p);
    return (p == AW'(DEPTH - 1)) ? '0 : p + 1'b1;
  endfunction

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rd <= '0;
      wr <= '0;
      count <= '0;
      popped_q <= 1'b0;
      drops <= '0;
    end else begin
      popped_q <= deq_valid;
      if (deq_valid) rd <= next(rd);
      if (store) begin
        mem[wr] <= s_data;
        wr <= next(wr);
      end
      if (s_valid && s_ready && !store) drops <= drops + 1;
      count <= count + 16'(store) - 16'(deq_valid);
    end
  end
endmodule
