// A hop's buffer: flits arrive from a link with credits (no ready), and leave towards the
// next part on a ready/valid stream; each flit taken returns a credit in the same cycle.
// The offer (out_valid, out_data) is from registers and drain_en only, as timing.md section 5's
// hop buffer: only the credit follows out_ready.
module hop_fifo #(
    parameter int DEPTH = 4
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        in_valid,
    input  logic [63:0] in_data,
    output logic        credit_out,
    output logic        out_valid,
    output logic [63:0] out_data,
    input  logic        out_ready,
    input  logic        drain_en,
    output logic [31:0] count
);
  localparam int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  logic [63:0] mem[DEPTH];
  logic [AW-1:0] rd, wr;
  logic take;

  assign out_valid = drain_en && count != 0;
  assign out_data = mem[rd];
  assign take = out_valid && out_ready;
  assign credit_out = take;

  function automatic logic [AW-1:0] next(input logic [AW-1:0] p);
    return (p == AW'(DEPTH - 1)) ? '0 : p + 1'b1;
  endfunction

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rd <= '0;
      wr <= '0;
      count <= '0;
    end else begin
      if (in_valid) begin
        mem[wr] <= in_data;
        wr <= next(wr);
      end
      if (take) rd <= next(rd);
      count <= count + 32'(in_valid) - 32'(take);
    end
  end
endmodule
